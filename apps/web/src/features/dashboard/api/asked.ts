/** Who asked for the owner's number (B8): tenants' username and full name only (B9). */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const whoAskedQuery = queryOptions({
  queryKey: queryKeys.contacts.asked,
  queryFn: ({ signal }) => api<ResponseData<'whoAsked'>>(pathTo('whoAsked'), { signal }),
});
export const useWhoAsked = () => useQuery(whoAskedQuery);
