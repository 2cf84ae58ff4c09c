/**
 * Property calls. Zod-free on purpose (public pages import this file): types only from '@kiraya/contract'.
 */
import type { PageMeta, Property, PropertySort } from '@kiraya/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api';

/** The public list's filters, as kept in the URL (B1). */
export type PropertyFilters = {
  q?: string;
  city?: string;
  state?: string;
  propertyType?: string;
  minRent?: number;
  maxRent?: number;
  sort?: PropertySort;
  page?: number;
};

export type PropertyPage = { items: Property[]; meta: PageMeta };

export const propertyKeys = {
  all: ['properties'] as const,
  public: (f: PropertyFilters) => ['properties', 'public', f] as const,
  mine: () => ['properties', 'mine'] as const,
  one: (id: string) => ['properties', 'one', id] as const,
};

export async function fetchPublicProperties(f: PropertyFilters, signal?: AbortSignal): Promise<PropertyPage> {
  const env = await apiEnvelope<Property[], { meta?: PageMeta }>('/properties/fetch-all-properties', {
    query: { ...f, sort: f.sort && f.sort !== 'newest' ? f.sort : undefined, page: f.page && f.page > 1 ? f.page : undefined },
    signal,
  });
  const items = Array.isArray(env.data) ? env.data : (Object.values(env.data ?? {}) as Property[]);
  return { items, meta: env.meta ?? { page: 1, limit: items.length, total: items.length } };
}

export const publicPropertiesQuery = (f: PropertyFilters) =>
  queryOptions({
    queryKey: propertyKeys.public(f),
    queryFn: ({ signal }) => fetchPublicProperties(f, signal),
    placeholderData: (prev) => prev,
  });

export const fetchMyProperties = (signal?: AbortSignal) => api<Property[]>('/properties/fetch-properties', { signal });
export const myPropertiesQuery = () => queryOptions({ queryKey: propertyKeys.mine(), queryFn: ({ signal }) => fetchMyProperties(signal) });
export const useMyProperties = () => useQuery(myPropertiesQuery());

export const fetchProperty = (id: string, signal?: AbortSignal) => api<Property>(`/properties/${encodeURIComponent(id)}`, { signal });
export const propertyQuery = (id: string) =>
  queryOptions({ queryKey: propertyKeys.one(id), queryFn: ({ signal }) => fetchProperty(id, signal), enabled: Boolean(id) });
export const useProperty = (id: string) => useQuery(propertyQuery(id));
