import { Placeholder } from '../../../components/Placeholder';

export function OwnerHome() {
  return <Placeholder title="Owner home" />;
}
