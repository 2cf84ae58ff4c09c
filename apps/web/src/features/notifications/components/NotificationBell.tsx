import type { AppNotification } from '@kiraya/contract/chat';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../lib/format';
import { type AppLocale, useLocale } from '../../../lib/i18n';
import { useNotifications, useReadAllNotifications, useReadNotification } from '../api/notifications';
import { useNotificationsT } from '../i18n';

type NotificationsT = ReturnType<typeof useNotificationsT>;

/** "just now", "5 minutes ago", "yesterday", "3 days ago" (ICU plurals, in the page's language), then the date. */
const ago = (iso: string, t: NotificationsT, locale: AppLocale, now = Date.now()): string => {
  const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (s < 60) return t('ago.now');
  if (s < 3600) return t('ago.minutes', { count: Math.floor(s / 60) });
  if (s < 86_400) return t('ago.hours', { count: Math.floor(s / 3600) });
  if (s < 7 * 86_400) return t('ago.days', { count: Math.floor(s / 86_400) });
  return formatDate(iso, locale);
};

/**
 * The dashboard's bell: the unread count, and a menu of the latest notifications (arrow keys move, Enter
 * opens). Opening one marks it read and goes to its page; "Mark all read" clears the count. Alt+T opens it
 * when no toast is showing (sonner's toasts take Alt+T while they are on screen, spec 9).
 */
export function NotificationBell() {
  const t = useNotificationsT();
  const locale = useLocale();
  const q = useNotifications();
  const readOne = useReadNotification();
  const readAll = useReadAllNotifications();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = q.data?.unread ?? 0;
  const items = q.data?.items ?? [];

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.code !== 'KeyT' || e.ctrlKey || e.metaKey) return;
      if (document.querySelector('[data-sonner-toast]')) return;
      e.preventDefault();
      setOpen((o) => !o);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const openOne = (n: AppNotification) => {
    if (!n.read) readOne.mutate(n._id);
    navigate(n.link);
  };

  return (
    // Not modal (ADR 044): a modal menu hides the rest of the app with aria-hidden while its links stay focusable
    // (axe's aria-hidden-focus), and with it the page's main landmark and h1. Arrow keys, Escape and Tab still work.
    <Menu.Root open={open} onOpenChange={setOpen} modal={false}>
      <Menu.Trigger
        aria-label={unread ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        title={t('bell.title')}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 ? (
          <span
            data-testid="bell-count"
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Menu.Trigger>
      {/* In the header, not portalled to <body>: the open menu stays inside the page's banner landmark (axe's region). */}
      <Menu.Content
        align="end"
        sideOffset={8}
        className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
          <Menu.Label className="font-semibold text-slate-900">{t('menu.heading')}</Menu.Label>
          <Menu.Item
            disabled={unread === 0}
            onSelect={(e) => {
              e.preventDefault();
              readAll.mutate();
            }}
            className="inline-flex cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 outline-none data-[disabled]:cursor-default data-[disabled]:text-slate-500 data-[highlighted]:bg-brand-50"
          >
            <CheckCheck aria-hidden="true" className="h-4 w-4 shrink-0" />
            {t('menu.readAll')}
          </Menu.Item>
        </div>
        {/* It scrolls: a group that Tab can reach, so it scrolls by keyboard too (axe's scrollable-region-focusable). */}
        <div
          role="group"
          aria-label={t('menu.heading')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
          tabIndex={0}
          className="max-h-[60vh] overflow-y-auto focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">{t('menu.empty')}</p>
          ) : (
            items.map((n) => (
              <Menu.Item
                key={n._id}
                onSelect={() => openOne(n)}
                className="flex cursor-pointer gap-3 border-b border-slate-100 px-4 py-3 text-left outline-none last:border-0 data-[highlighted]:bg-slate-50"
              >
                <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-brand-700'}`} />
                <span className="min-w-0 flex-1">
                  <span className={`block text-sm ${n.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>
                    {n.read ? null : <span className="sr-only">{t('item.unread')} </span>}
                    {n.title}
                  </span>
                  {n.body ? <span className="block truncate text-sm text-slate-600">{n.body}</span> : null}
                  <span className="block text-xs text-slate-600">{ago(n.createdAt, t, locale)}</span>
                </span>
              </Menu.Item>
            ))
          )}
        </div>
      </Menu.Content>
    </Menu.Root>
  );
}
