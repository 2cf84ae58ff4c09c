import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { publicPropertiesQuery, type PropertyFilters } from '../api/properties';
import { readFilters, writeFilters } from '../filters';

export type UpdateFilters = (patch: Partial<PropertyFilters>, keepPage?: boolean) => void;

/**
 * The property search state of PropertyBrowser: the filters read from the URL query string, the server query
 * they drive, and the helpers that write them back (a change drops the page unless `keepPage` is set).
 */
export function usePropertySearch() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = useQuery(publicPropertiesQuery(filters));

  const update: UpdateFilters = (patch, keepPage = false) => {
    const next = { ...filters, ...patch };
    if (!keepPage) next.page = undefined;
    setParams(writeFilters(next));
  };

  const clearAll = () => setParams(new URLSearchParams());

  const meta = query.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / Math.max(1, meta.limit))) : 1;
  const page = meta?.page ?? filters.page ?? 1;

  return { filters, query, update, clearAll, page, pages };
}
