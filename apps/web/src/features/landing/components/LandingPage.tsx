import { Placeholder } from '../../../components/Placeholder';

export function LandingPage() {
  return <Placeholder title="Kiraya" />;
}
