/** Property changes: owner pages only, kept apart so the public pages do not load the mutation code. */
import type { Property } from '@kiraya/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { propertyKeys } from './properties';

export const addProperty = (form: FormData) =>
  api<Property>('/properties/add-new-property', { method: 'POST', body: form, timeoutMs: 60_000 });
export const updateProperty = (id: string, form: FormData) =>
  api<Property>(`/properties/update-property/${encodeURIComponent(id)}`, { method: 'PUT', body: form, timeoutMs: 60_000 });
export const deleteProperty = (propertyId: string) => api<unknown>('/properties/delete-property', { method: 'POST', body: { propertyId } });
export const pauseProperty = (id: string, isPaused: boolean) =>
  api<Property>(`/properties/pause-property/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isPaused } });

/** Every change to properties refreshes every property list and detail. */
function useInvalidateProperties() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: propertyKeys.all });
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
