import { ActiveFilterChips } from './ActiveFilterChips';
import { PropertyResults } from './PropertyResults';
import { PropertySearchForm } from './PropertySearchForm';
import { usePropertySearch } from './usePropertySearch';

/**
 * The property list with search, filters (applied on the server), chips and pagination (B1).
 * All state lives in the URL query string, so a search can be shared and survives a reload.
 */
export function PropertyBrowser() {
  const { filters, query, update, clearAll, page, pages } = usePropertySearch();
  return (
    <div>
      <PropertySearchForm filters={filters} update={update} />
      <ActiveFilterChips filters={filters} update={update} clearAll={clearAll} />
      <PropertyResults query={query} page={page} pages={pages} update={update} />
    </div>
  );
}
