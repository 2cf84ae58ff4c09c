/** Notifications: the caller's latest, marking one or all read. */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications.all,
  queryFn: ({ signal }) => api<ResponseData<'notifications'>>(pathTo('notifications'), { signal }),
});
export function useNotifications() {
  return useQuery(notificationsQuery);
}

function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.notifications.all });
    void qc.invalidateQueries({ queryKey: queryKeys.unread });
  };
}

export function useReadNotification() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api<ResponseData<'readNotification'>>(pathTo('readNotification'), { method: PATHS.readNotification.method, body: { id } }),
    onSuccess: refresh,
  });
}

export function useReadAllNotifications() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      api<ResponseData<'readAllNotifications'>>(pathTo('readAllNotifications'), { method: PATHS.readAllNotifications.method }),
    onSuccess: refresh,
  });
}
