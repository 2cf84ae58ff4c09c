import { PageHeading } from '../../../components/PageHeading';
import { PropertyBrowser } from './PropertyBrowser';

/** /properties: every listed property, searchable and filterable (B1). */
export function PublicPropertiesPage() {
  return (
    <>
      <PageHeading title="Properties" subtitle="Rooms listed directly by their owners. No brokers, no brokerage." />
      <PropertyBrowser />
    </>
  );
}
