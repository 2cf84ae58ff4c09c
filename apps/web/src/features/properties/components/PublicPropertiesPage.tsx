import { PageHeading } from '../../../components/PageHeading';
import { usePropertiesT } from '../i18n';
import { PropertyBrowser } from './PropertyBrowser';

/** /properties: every listed property, searchable and filterable (B1). */
export function PublicPropertiesPage() {
  const t = usePropertiesT();
  return (
    <>
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      <PropertyBrowser />
    </>
  );
}
