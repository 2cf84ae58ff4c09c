/**
 * Property calls. Zod-free on purpose (public pages import this file): paths from
 * '@kiraya/contract/paths', types only from '@kiraya/contract/endpoints'.
 */
import type { ResponseData, ResponseEnvelope } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api';
import { type PropertyFilters, queryKeys } from '../../../lib/queryKeys';

export type { PropertyFilters };
type PublicPage = ResponseEnvelope<'publicProperties'>;
export type PropertyPage = { items: PublicPage['data']; meta: PublicPage['meta'] };

export async function fetchPublicProperties(f: PropertyFilters, signal?: AbortSignal): Promise<PropertyPage> {
  const env = await apiEnvelope<PublicPage['data'], Pick<PublicPage, 'meta'>>(pathTo('publicProperties'), {
    query: { ...f, sort: f.sort && f.sort !== 'newest' ? f.sort : undefined, page: f.page && f.page > 1 ? f.page : undefined },
    signal,
  });
  return { items: env.data, meta: env.meta };
}

export const publicPropertiesQuery = (f: PropertyFilters) =>
  queryOptions({
    queryKey: queryKeys.properties.public(f),
    queryFn: ({ signal }) => fetchPublicProperties(f, signal),
    placeholderData: (prev) => prev,
  });

export const fetchMyProperties = (signal?: AbortSignal) => api<ResponseData<'myProperties'>>(pathTo('myProperties'), { signal });
export const myPropertiesQuery = () =>
  queryOptions({ queryKey: queryKeys.properties.mine(), queryFn: ({ signal }) => fetchMyProperties(signal) });
export const useMyProperties = () => useQuery(myPropertiesQuery());

export const fetchProperty = (id: string, signal?: AbortSignal) => api<ResponseData<'property'>>(pathTo('property', { id }), { signal });
export const propertyQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.properties.one(id), queryFn: ({ signal }) => fetchProperty(id, signal), enabled: Boolean(id) });
export const useProperty = (id: string) => useQuery(propertyQuery(id));
