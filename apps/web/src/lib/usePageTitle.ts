import { useEffect } from 'react';

/** Sets the document title as "{title} · Kiraya". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Kiraya` : 'Kiraya: broker-free rentals for owners and tenants';
  }, [title]);
}
