import { useEffect } from 'react';
import { useSharedT } from '../components/i18n';

/** Sets the document title as "{title} · Kiraya". */
export function usePageTitle(title: string): void {
  const t = useSharedT();
  const text = title ? t('title.page', { title }) : t('title.home');
  useEffect(() => {
    document.title = text;
  }, [text]);
}
