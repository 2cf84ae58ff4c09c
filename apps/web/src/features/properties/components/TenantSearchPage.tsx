import { PageHeading } from '../../../components/PageHeading';
import { usePropertiesT } from '../i18n';
import { PropertyBrowser } from './PropertyBrowser';

/** /TenantDashboard/Search: the same list and filters as the public page. */
export function TenantSearchPage() {
  const t = usePropertiesT();
  return (
    <>
      <PageHeading title={t('search.title')} subtitle={t('search.subtitle')} />
      <PropertyBrowser />
    </>
  );
}
