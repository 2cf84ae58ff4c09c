/** A room's documents (B7): list, upload (multipart field `document`), delete by the uploader. */
import { DOCUMENT_FIELD, type RoomDocument } from '@kiraya/contract/documents';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const fetchRoomDocuments = (roomId: string, signal?: AbortSignal): Promise<RoomDocument[]> =>
  api<ResponseData<'roomDocuments'>>(pathTo('roomDocuments', { roomId }), { signal });

export const roomDocumentsQuery = (roomId: string) => ({
  queryKey: queryKeys.documents.room(roomId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchRoomDocuments(roomId, signal),
});

export const useRoomDocuments = (roomId: string) => useQuery(roomDocumentsQuery(roomId));

export function useUploadDocument(roomId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(DOCUMENT_FIELD, file, file.name);
      return api<ResponseData<'uploadDocument'>>(pathTo('uploadDocument', { roomId }), {
        method: PATHS.uploadDocument.method,
        body,
        timeoutMs: 120_000,
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.documents.room(roomId) }),
  });
}

export function useDeleteDocument(roomId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      api<ResponseData<'deleteDocument'>>(pathTo('deleteDocument', { documentId }), { method: PATHS.deleteDocument.method }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.documents.room(roomId) }),
  });
}
