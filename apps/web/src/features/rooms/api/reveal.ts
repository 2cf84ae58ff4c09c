/**
 * Get Phone Number and property views for a signed-in tenant (B8). Zod-free like rooms.ts: the public
 * rooms page imports this file.
 */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const revealOwner = (roomId: string) =>
  api<ResponseData<'revealOwner'>>(pathTo('revealOwner', { id: roomId }), { method: PATHS.revealOwner.method });

/** Asks the server for a room's owner; the reveal is stored there, so OwnerDetails refreshes. */
export function useRevealOwner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revealOwner,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.contacts.mine }),
  });
}

/** Records a tenant's view of a property page once per visit (Recently Viewed Property); failures are ignored. */
export function useRecordView(propertyId: string, isTenant: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!isTenant || !propertyId) return;
    api(pathTo('recordView', { propertyId }), { method: PATHS.recordView.method })
      .then(() => qc.invalidateQueries({ queryKey: queryKeys.contacts.recent }))
      .catch(() => undefined);
  }, [propertyId, isTenant, qc]);
}
