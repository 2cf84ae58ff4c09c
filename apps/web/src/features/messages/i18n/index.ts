import { defineArea } from '../../../lib/i18n';

/** Conversations' texts: the chat, a room's Messages tab, the tenant's and the owner's Messages pages (ADR 039). */
export const useMessagesT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
export type MessagesT = ReturnType<typeof useMessagesT>;
