/** Property changes: owner pages only, kept apart so the public pages do not load the mutation code. */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { IDEMPOTENCY_HEADER } from '@kiraya/contract/constants';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

const UPLOAD_TIMEOUT_MS = 60_000;

/** Sent with the form's submission key: a second click (or a retry) answers the first one's result. */
export const addProperty = ({ form, key }: { form: FormData; key: string }) =>
  api<ResponseData<'addProperty'>>(pathTo('addProperty'), {
    method: PATHS.addProperty.method,
    body: form,
    headers: { [IDEMPOTENCY_HEADER]: key },
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
export const updateProperty = (id: string, form: FormData) =>
  api<ResponseData<'updateProperty'>>(pathTo('updateProperty', { id }), {
    method: PATHS.updateProperty.method,
    body: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
export const deleteProperty = (propertyId: string) =>
  api<ResponseData<'deleteProperty'>>(pathTo('deleteProperty'), { method: PATHS.deleteProperty.method, body: { propertyId } });
export const pauseProperty = (id: string, isPaused: boolean) =>
  api<ResponseData<'pauseProperty'>>(pathTo('pauseProperty', { id }), { method: PATHS.pauseProperty.method, body: { isPaused } });

/** Every change to properties refreshes every property list and detail. */
function useInvalidateProperties() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.properties.all });
}

export function useAddProperty() {
  const invalidate = useInvalidateProperties();
  return useMutation({ mutationFn: addProperty, onSuccess: invalidate });
}
export function useUpdateProperty(id: string) {
  const invalidate = useInvalidateProperties();
  return useMutation({ mutationFn: (form: FormData) => updateProperty(id, form), onSuccess: invalidate });
}
export function useDeleteProperty() {
  const invalidate = useInvalidateProperties();
  return useMutation({ mutationFn: deleteProperty, onSuccess: invalidate });
}
export function usePauseProperty() {
  const invalidate = useInvalidateProperties();
  return useMutation({ mutationFn: (v: { id: string; isPaused: boolean }) => pauseProperty(v.id, v.isPaused), onSuccess: invalidate });
}
