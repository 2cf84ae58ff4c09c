import { Placeholder } from '../../../components/Placeholder';

export function TenantHome() {
  return <Placeholder title="Tenant home" />;
}
