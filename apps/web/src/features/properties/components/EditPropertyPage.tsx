import { Placeholder } from '../../../components/Placeholder';

export function EditPropertyPage() {
  return <Placeholder title="Edit property" />;
}
