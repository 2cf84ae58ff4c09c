/** Bills (spec 7): fetch a room's bill groups, add a group, edit an unpaid bill, delete, upload a meter photo. */
import type { AddBillBody, BillGroup, UpdateBillBody } from '@kiraya/contract';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

/** A room's bill groups, newest first. A failed fetch shows as an empty list (spec 8). */
export function useRoomBills(propertyId: string, roomId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.bills.room(roomId),
    enabled,
    queryFn: async ({ signal }): Promise<BillGroup[]> => {
      try {
        return await api<ResponseData<'fetchBills'>>(pathTo('fetchBills', { propertyId }), { query: { roomId }, signal });
      } catch {
        return [];
      }
    },
  });
}

/** Every bill group of the signed-in tenant's rooms, with the room and property (GET /bills/tenant). */
export const tenantBillsQuery = queryOptions({
  queryKey: queryKeys.bills.tenant,
  queryFn: async ({ signal }): Promise<ResponseData<'tenantBills'>> => {
    try {
      return await api<ResponseData<'tenantBills'>>(pathTo('tenantBills'), { signal });
    } catch {
      return [];
    }
  },
});
export function useTenantBills() {
  return useQuery(tenantBillsQuery);
}

/** The last current reading per meter type of a room (B11), to prefill "previous". */
export function useLastReadings(roomId: string, enabled: boolean) {
  const q = useQuery({
    queryKey: queryKeys.bills.lastReadings(roomId),
    enabled,
    queryFn: ({ signal }) => api<ResponseData<'lastReadings'>>(pathTo('lastReadings', { roomId }), { signal }),
  });
  const last: Record<string, number> = {};
  for (const r of q.data ?? []) last[r.billType] = r.current;
  return last;
}

function useRefresh() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: queryKeys.bills.all });
}

export function useAddBills() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddBillBody) => api<ResponseData<'addBill'>>(pathTo('addBill'), { method: PATHS.addBill.method, body }),
    onSuccess: refresh,
  });
}

/** Edits one unpaid bill (B5). */
export function useEditBill() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ billId, bill }: { billId: string; bill: UpdateBillBody }) =>
      api<ResponseData<'updateBill'>>(pathTo('updateBill', { billId }), { method: PATHS.updateBill.method, body: bill }),
    onSuccess: refresh,
  });
}

export function useDeleteBill() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (billId: string) =>
      api<ResponseData<'deleteBill'>>(pathTo('deleteBill'), { method: PATHS.deleteBill.method, body: { billId } }),
    onSuccess: refresh,
  });
}

/** POST /bills/waive-remainder: the owner lets go of what a partly paid bill still owes (issue 18). */
export function useWaiveBill() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (billId: string) =>
      api<ResponseData<'waiveBill'>>(pathTo('waiveBill'), { method: PATHS.waiveBill.method, body: { billId } }),
    onSuccess: refresh,
  });
}

/** POST /leases/late-fee/:billId/waive: the owner waives what a Late Fee bill still owes (issue 22); both sides see it waived. */
export const waiveLateFee = (billId: string) =>
  api<ResponseData<'waiveLateFee'>>(pathTo('waiveLateFee', { billId }), { method: PATHS.waiveLateFee.method });
export function useWaiveLateFee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: waiveLateFee,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.bills.all });
      void qc.invalidateQueries({ queryKey: queryKeys.tenancy.all });
      void qc.invalidateQueries({ queryKey: queryKeys.statistics.all });
    },
  });
}

export type UploadedMeterPhoto = ResponseData<'uploadMeterPhoto'>;
/** POST /bills/upload/meter-photo (multipart meterPhoto): the stored file, whose id goes into add-bill. */
export function uploadMeterPhoto(file: File): Promise<UploadedMeterPhoto> {
  const fd = new FormData();
  fd.append('meterPhoto', file);
  return api<UploadedMeterPhoto>(pathTo('uploadMeterPhoto'), { method: PATHS.uploadMeterPhoto.method, body: fd });
}
