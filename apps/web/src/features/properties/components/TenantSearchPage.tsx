import { PageHeading } from '../../../components/PageHeading';
import { PropertyBrowser } from './PropertyBrowser';

/** /TenantDashboard/Search: the same list and filters as the public page. */
export function TenantSearchPage() {
  return (
    <>
      <PageHeading title="Search Properties" subtitle="Find a room by place, rent and type." />
      <PropertyBrowser />
    </>
  );
}
