import { type Message, type SendMessageBody, sendMessageBodySchema, type Thread } from '@kiraya/contract/chat';
import { Send, Wrench } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { primaryButton, TextAreaField } from '../../../components/FormField';
import { MoneyWarning } from '../../../components/SafetyAdvice';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatTime } from '../../../lib/format';
import { type AppLocale, useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { type SendTarget, useReadThread, useSendMessage, useThread } from '../api/messages';
import { type MessagesT, useMessagesT } from '../i18n';

/** "1 Feb 2026, 03:30 pm" / "1 फ़रवरी 2026, 15:30": the day in the page's language, Latin digits. */
const time = (iso: string, locale: AppLocale, t: MessagesT) => {
  const d = new Date(iso);
  const clock = formatTime(d, locale, { hour: '2-digit', minute: '2-digit' });
  return t('list.time', { date: formatDate(d, locale), time: clock });
};

type EarlierProps = {
  /** Older messages exist: a Show earlier messages button heads the list. */
  hasEarlier?: boolean;
  loadingEarlier?: boolean;
  onShowEarlier?: () => void;
};

/**
 * The messages of a conversation, oldest first; new ones are announced to screen readers. A new message
 * scrolls the log to the end; earlier messages shown above keep what the reader was looking at in place.
 */
export function MessageList({
  messages,
  withName,
  hasEarlier = false,
  loadingEarlier = false,
  onShowEarlier,
}: { messages: Message[]; withName: string } & EarlierProps) {
  const t = useMessagesT();
  const locale = useLocale();
  const log = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLLIElement>(null);
  const heightBefore = useRef(0);
  /** The reader is at the end of the log (where a new message should keep them). */
  const atEnd = useRef(true);
  const last = messages.at(-1);
  const firstId = messages[0]?._id;
  // A new message at the end scrolls to it, unless the reader has scrolled up to read older ones (their
  // own message always shows).
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message is added at the end
  useEffect(() => {
    if (atEnd.current || last?.mine) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [last?._id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: earlier messages were put above: keep the view where it was
  useLayoutEffect(() => {
    const el = log.current;
    if (!el) return;
    if (heightBefore.current > 0) el.scrollTop += el.scrollHeight - heightBefore.current;
    heightBefore.current = 0;
  }, [firstId]);
  const showEarlier = () => {
    heightBefore.current = log.current?.scrollHeight ?? 0;
    onShowEarlier?.();
  };
  return (
    // Focusable so keyboard users can scroll a long conversation (axe: scrollable-region-focusable).
    <div
      ref={log}
      role="log"
      aria-live="polite"
      aria-label={t('list.label', { name: withName })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
      className="max-h-[28rem] overflow-y-auto rounded-md p-1 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {hasEarlier ? (
        <p className="mb-2 text-center">
          <button
            type="button"
            onClick={showEarlier}
            disabled={loadingEarlier}
            aria-busy={loadingEarlier}
            className="rounded-full border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            {loadingEarlier ? t('list.loadingEarlier') : t('list.earlier')}
          </button>
        </p>
      ) : null}
      <ol className="flex flex-col gap-2">
        {messages.map((m) => (
          <li key={m._id} className={`flex ${m.mine ? 'justify-end' : 'justify-start'}`}>
            <div
              className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm ${m.mine ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900'}`}
            >
              {m.maintenance ? (
                <p className={`mb-1 flex items-center gap-1 text-xs font-semibold ${m.mine ? 'text-white' : 'text-red-800'}`}>
                  <Wrench aria-hidden="true" className="h-3.5 w-3.5" />
                  {t('list.maintenance')}
                </p>
              ) : null}
              <p className="whitespace-pre-wrap break-words">{m.text}</p>
              {m.warning && !m.mine ? <MoneyWarning /> : null}
              <p className={`mt-1 text-right text-xs ${m.mine ? 'text-brand-50' : 'text-slate-600'}`}>
                <span className="sr-only">{m.mine ? t('list.byYou') : t('list.byOther', { name: withName })} </span>
                {time(m.createdAt, locale, t)}
              </p>
            </div>
          </li>
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
    </div>
  );
}

type ComposerProps = {
  target: SendTarget;
  /** Offer "Maintenance request" (tenants). */
  allowMaintenance?: boolean;
  defaultMaintenance?: boolean;
  /** Bumped to move focus to the message box (Send Message buttons). */
  focusSignal?: number;
  label?: string;
  onSent?: (thread: Thread) => void;
};

/** The message box: Enter sends, Shift+Enter starts a new line; the contract's rules check the text. */
export function Composer({ target, allowMaintenance = false, defaultMaintenance = false, focusSignal = 0, label, onSent }: ComposerProps) {
  const t = useMessagesT();
  const msg = useMsg();
  const send = useSendMessage();
  const form = useForm<SendMessageBody>({
    resolver: contractResolver<SendMessageBody>(sendMessageBodySchema, { raw: false }),
    defaultValues: { text: '', maintenance: defaultMaintenance },
  });
  const { register, handleSubmit, formState, reset, setError, setFocus, setValue } = form;
  useEffect(() => {
    if (focusSignal > 0) setFocus('text');
  }, [focusSignal, setFocus]);
  useEffect(() => {
    setValue('maintenance', defaultMaintenance);
  }, [defaultMaintenance, setValue]);

  const submit = handleSubmit(async (body) => {
    try {
      const sent = await send.mutateAsync({ target, body });
      reset({ text: '', maintenance: false });
      setFocus('text');
      onSent?.(sent.thread);
    } catch (e) {
      if (!applyServerErrors(e, setError, ['text', 'maintenance'])) toast.error(msg(errorMessage(e)));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2 border-t border-slate-200 pt-3">
      <TextAreaField
        label={label ?? t('composer.label')}
        rows={2}
        placeholder={t('composer.placeholder')}
        error={formState.errors.text?.message && msg(formState.errors.text.message)}
        {...register('text')}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {allowMaintenance ? (
          <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300 text-brand-700" {...register('maintenance')} />
            {t('composer.maintenance')}
          </label>
        ) : (
          <span />
        )}
        <button type="submit" className={primaryButton} disabled={send.isPending} aria-busy={send.isPending}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {t('composer.send')}
        </button>
      </div>
    </form>
  );
}

/** One conversation: its messages (marked read as they are shown) and, while it is open, the message box. */
export function ChatView({
  threadId,
  allowMaintenance = false,
  defaultMaintenance = false,
  focusSignal = 0,
}: {
  threadId: string;
  allowMaintenance?: boolean;
  defaultMaintenance?: boolean;
  focusSignal?: number;
}) {
  const t = useMessagesT();
  const msg = useMsg();
  const q = useThread(threadId);
  const read = useReadThread();
  const unread = q.data?.thread.unread ?? 0;
  const { mutate } = read;
  useEffect(() => {
    if (unread > 0) mutate(threadId);
  }, [unread, threadId, mutate]);

  if (q.isPending) return <Spinner label={t('chat.loading')} />;
  // A failed refresh or earlier page keeps the conversation on screen (the earlier page says why in a toast).
  if (!q.data)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {msg(errorMessage(q.error))}
      </p>
    );
  const { thread, messages, hasEarlier } = q.data;
  return (
    <section aria-label={t('chat.label', { name: thread.with.fullName })}>
      <MessageList
        messages={messages}
        withName={thread.with.fullName}
        hasEarlier={hasEarlier}
        loadingEarlier={q.isFetchingNextPage}
        onShowEarlier={() =>
          void q.fetchNextPage().then((r) => {
            if (r.isFetchNextPageError) toast.error(msg(errorMessage(r.error)));
          })
        }
      />
      {thread.canSend ? (
        <Composer
          target={{ threadId }}
          allowMaintenance={allowMaintenance}
          defaultMaintenance={defaultMaintenance}
          focusSignal={focusSignal}
          label={t('chat.messageTo', { name: thread.with.fullName })}
        />
      ) : (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t('chat.readOnly')}</p>
      )}
    </section>
  );
}

/** What a conversation is to the viewer: an enquiry, their tenant or room, or a former one. */
export const threadLabel = (thread: Thread, viewer: 'owner' | 'tenant', t: MessagesT) =>
  t(
    thread.kind === 'enquiry'
      ? 'thread.enquiry'
      : thread.canSend
        ? viewer === 'owner'
          ? 'thread.tenant'
          : 'thread.yourRoom'
        : viewer === 'owner'
          ? 'thread.formerTenant'
          : 'thread.pastRoom',
  );
