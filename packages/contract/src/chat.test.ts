import { describe, expect, it } from 'vitest';
import { APP_LINKS, LIVE_EVENT_KINDS, liveEventSchema, MESSAGE_MAX, readNotificationBodySchema, sendMessageBodySchema } from './chat.js';
import { MSG } from './messages.js';

const problems = (v: unknown) => {
  const r = sendMessageBodySchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('message text (B7)', () => {
  it('trims, keeps line breaks (CRLF as LF) and defaults maintenance to false', () => {
    expect(sendMessageBodySchema.parse({ text: '  Tap\r\nleaks \n' })).toEqual({ text: 'Tap\nleaks', maintenance: false });
    expect(sendMessageBodySchema.parse({ text: 'Fan broken', maintenance: true }).maintenance).toBe(true);
    expect(sendMessageBodySchema.parse({ text: 'नमस्ते 🙏' }).text).toBe('नमस्ते 🙏');
  });

  it('refuses a missing, blank, too long or control-character text, and a non-boolean maintenance', () => {
    expect(problems({})).toEqual([`text: ${MSG.messageRequired}`]);
    expect(problems({ text: ' \n ' })).toEqual([`text: ${MSG.messageRequired}`]);
    expect(problems({ text: 42 })).toEqual([`text: ${MSG.messageRequired}`]);
    expect(problems({ text: 'x'.repeat(MESSAGE_MAX) })).toEqual([]);
    expect(problems({ text: 'x'.repeat(MESSAGE_MAX + 1) })).toEqual([`text: ${MSG.textTooLong('Message', MESSAGE_MAX)}`]);
    for (const bad of ['a\u0000b', 'bell\u0007', 'esc\u001b[31m', 'del\u007f', 'lone \ud800'])
      expect(problems({ text: bad })).toEqual([`text: ${MSG.textControlChars('Message', true)}`]);
    expect(problems({ text: 'tab\tok' })).toEqual([]);
    expect(problems({ text: 'ok', maintenance: 'yes' })).toEqual([`maintenance: ${MSG.maintenanceFlag}`]);
  });
});

describe('notifications and live events', () => {
  it('a notification id is required', () => {
    expect(readNotificationBodySchema.safeParse({}).success).toBe(false);
    expect(readNotificationBodySchema.safeParse({ id: ' ' }).success).toBe(false);
    expect(readNotificationBodySchema.parse({ id: ' abc ' })).toEqual({ id: 'abc' });
  });

  it('live events carry a known kind and ids only', () => {
    for (const kind of LIVE_EVENT_KINDS) expect(liveEventSchema.parse({ kind, roomId: 'r' })).toEqual({ kind, roomId: 'r' });
    expect(liveEventSchema.safeParse({ kind: 'anything' }).success).toBe(false);
    expect(liveEventSchema.parse({ kind: 'message', threadId: 't', text: 'dropped' })).toEqual({ kind: 'message', threadId: 't' });
  });

  it('links point at the web app’s pages, ids encoded', () => {
    expect(APP_LINKS.ownerRooms('p/1')).toBe('/OwnerDashboard/rooms/p%2F1');
    expect(APP_LINKS.tenantMessages('t1')).toBe('/TenantDashboard/Messages?thread=t1');
    expect(APP_LINKS.tenantMessages()).toBe('/TenantDashboard/Messages');
  });
});
