/** Bills (spec 7): fetch a room's bill groups, add a group, edit an unpaid bill, delete, upload a meter photo. */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import type { BillGroup } from '../types';

const enc = encodeURIComponent;

export type MeterPhotoEntry = { url: string; [k: string]: unknown };
export type BillInput = {
  _id?: string;
  billType: string;
  amount: number;
  meterReading?: { current: number; previous: number; ratePerUnit: number };
  meterPhotos?: { current?: MeterPhotoEntry | null; previous?: MeterPhotoEntry | null };
};
export type AddBillsBody = {
  propertyId: string;
  roomId: string;
  tenantId: string;
  billDate: string;
  dueDate: string;
  bills: BillInput[];
};

/** A room's bill groups, newest first. A failed fetch shows as an empty list (spec 8). */
export function useRoomBills(propertyId: string, roomId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.bills.room(roomId),
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return await api<BillGroup[]>(`/bills/fetch-bill/${enc(propertyId)}`, { query: { roomId }, signal });
      } catch {
        return [] as BillGroup[];
      }
    },
  });
}

/** The last reading per meter type of a room (B11), to prefill "previous". */
export function useLastReadings(propertyId: string, roomId: string, enabled: boolean) {
  const bills = useRoomBills(propertyId, roomId, enabled);
  const last: Record<string, number> = {};
  for (const g of bills.data ?? []) {
    for (const b of g.bills) if (b.meterReading && last[b.billType] === undefined) last[b.billType] = b.meterReading.current;
  }
  return last;
}

function useRefresh() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: queryKeys.bills.all });
}

export function useAddBills() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddBillsBody) => api<unknown>('/bills/add-bill', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useEditBill() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { billId: string; billDate: string; dueDate: string; bill: BillInput }) =>
      api<unknown>('/bills/edit-bill', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useDeleteBill() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (billId: string) => api<unknown>('/bills/delete-bill', { method: 'POST', body: { billId } }),
    onSuccess: refresh,
  });
}

/** POST /bills/upload/meter-photo (multipart meterPhoto): answers the photo entry to store on the reading. */
export function uploadMeterPhoto(file: File): Promise<MeterPhotoEntry> {
  const fd = new FormData();
  fd.append('meterPhoto', file);
  return api<MeterPhotoEntry>('/bills/upload/meter-photo', { method: 'POST', body: fd });
}

/** The tenant's current rooms (GET /tenant/room-details), for the Billings page. */
export function useTenantBillRooms() {
  return useQuery({
    queryKey: queryKeys.bills.tenantRooms,
    queryFn: ({ signal }) => api<ResponseData<'tenantRooms'>>(pathTo('tenantRooms'), { signal }),
  });
}
