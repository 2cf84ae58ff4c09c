import { Placeholder } from '../../../components/Placeholder';

export function AuthPage() {
  return <Placeholder title="Sign in" />;
}
