import { Placeholder } from '../../../components/Placeholder';

export function ProfilePage() {
  return <Placeholder title="Profile" />;
}
