/** Messages (B7): conversations, a room's threads, a thread's messages, sending and reading. */
import type { SendMessageBody } from '@kiraya/contract/chat';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

/** The caller's conversations, most recent first, and their unread total. */
export function useMyThreads() {
  return useQuery({
    queryKey: queryKeys.messages.mine,
    queryFn: ({ signal }) => api<ResponseData<'myThreads'>>(pathTo('myThreads'), { signal }),
  });
}

/**
 * The tenant's current rooms (GET /tenant/room-details), so Messages can offer a conversation with each room's
 * owner. Its own key: the tenancy feature's cache of the same call has another shape.
 */
export function useMyCurrentRooms(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.messages.currentRooms,
    enabled,
    queryFn: ({ signal }) => api<ResponseData<'tenantRooms'>>(pathTo('tenantRooms'), { signal }),
  });
}

/** A room's conversations the caller is part of (the owner's Messages tab). */
export function useRoomThreads(roomId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.messages.room(roomId),
    enabled,
    queryFn: ({ signal }) => api<ResponseData<'roomThreads'>>(pathTo('roomThreads', { roomId }), { signal }),
  });
}

type ThreadPage = ResponseData<'threadMessages'>;

/**
 * One conversation, a page at a time: the first page is the latest messages, each next page the ones
 * before (Show earlier messages). A refetch (a new message) reloads the latest page and recomputes the
 * earlier pages from it, so no message falls between pages.
 */
export function useThread(threadId: string | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.messages.thread(threadId ?? ''),
    enabled: !!threadId,
    initialPageParam: '',
    queryFn: ({ signal, pageParam }) =>
      api<ThreadPage>(pathTo('threadMessages', { id: threadId ?? '' }), { signal, query: { before: pageParam } }),
    getNextPageParam: (last: ThreadPage) => (last.hasEarlier ? last.messages[0]?._id : undefined),
    // The conversation as one list, oldest first, with the thread as the latest page has it.
    select: (data) => ({
      thread: (data.pages[0] as ThreadPage).thread,
      messages: [...data.pages].reverse().flatMap((p) => p.messages),
      hasEarlier: data.pages.at(-1)?.hasEarlier ?? false,
    }),
  });
}

function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.messages.all });
    void qc.invalidateQueries({ queryKey: queryKeys.unread });
  };
}

/** Where a new message goes: a thread, the room's owner (tenant), or the room's tenant (owner). */
export type SendTarget = { threadId: string } | { toOwnerOf: string } | { toTenantOf: string };

export function useSendMessage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ target, body }: { target: SendTarget; body: SendMessageBody }) => {
      if ('threadId' in target)
        return api<ResponseData<'sendMessage'>>(pathTo('sendMessage', { id: target.threadId }), { method: PATHS.sendMessage.method, body });
      if ('toOwnerOf' in target)
        return api<ResponseData<'messageOwner'>>(pathTo('messageOwner', { roomId: target.toOwnerOf }), {
          method: PATHS.messageOwner.method,
          body,
        });
      return api<ResponseData<'messageTenant'>>(pathTo('messageTenant', { roomId: target.toTenantOf }), {
        method: PATHS.messageTenant.method,
        body,
      });
    },
    onSuccess: refresh,
  });
}

/** Marks the messages sent to the caller in a thread read. */
export function useReadThread() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (threadId: string) =>
      api<ResponseData<'readThread'>>(pathTo('readThread', { id: threadId }), { method: PATHS.readThread.method }),
    onSuccess: refresh,
  });
}
