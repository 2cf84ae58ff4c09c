import {
  formatMonthlyRent,
  type Locale,
  PAYMENT_METHOD_LABELS,
  type PaymentMethodKey,
  RESET_TOKEN_MINUTES,
  VERIFY_EMAIL_HOURS,
} from '@kiraya/contract';
import { BILL_TYPE_HI, PAYMENT_METHOD_HI } from '@kiraya/contract/messages.hi-IN';
import { dayIn, EMAIL_TEXTS, money } from '../../../i18n/emails.js';
import { type NotificationPayload, notificationWords } from '../../../i18n/notifications.js';
import { Layout, P } from './layout.js';

/**
 * Every email's layout (issue 25), in the recipient's language (issue 27): the words come from the catalogue in
 * src/i18n/emails.ts (and a notification's from src/i18n/notifications.ts); nothing here is written in English.
 */
export type Common = { publicUrl: string; name: string | null; unsubscribeUrl: string | null; locale: Locale };

const t = (c: Common) => EMAIL_TEXTS[c.locale];

/**
 * A notification's email: its text key and parameters (`note`), written in the recipient's language when sent.
 * `title` and `body` are the English of a message queued before notifications kept parameters.
 */
export type NotificationData = {
  notificationId?: string;
  kind: string;
  link: string;
  note?: NotificationPayload;
  title?: string;
  body?: string;
};
export const notificationSubject = (d: NotificationData, locale: Locale) =>
  notificationWords({ params: d.note, title: d.title, body: d.body }, locale).title;
export function NotificationEmail({ data, ...c }: Common & { data: NotificationData }) {
  const w = notificationWords({ params: data.note, title: data.title, body: data.body }, c.locale);
  return (
    <Layout
      {...c}
      preview={w.body || w.title}
      heading={w.title}
      action={{ label: t(c).notification.action, href: `${c.publicUrl}${data.link}` }}
    >
      {w.body && <P>{w.body}</P>}
    </Layout>
  );
}

export type PasswordResetData = { token: string };
export function PasswordResetEmail({ data, ...c }: Common & { data: PasswordResetData }) {
  const w = t(c).passwordReset;
  const href = `${c.publicUrl}/reset-password?token=${encodeURIComponent(data.token)}`;
  return (
    <Layout {...c} preview={w.subject} heading={w.heading} action={{ label: w.action, href }} reason={w.reason}>
      <P>{w.body(RESET_TOKEN_MINUTES)}</P>
      <P>{w.notYou}</P>
    </Layout>
  );
}

export type PasswordChangedData = { at: string };
export function PasswordChangedEmail({ data, ...c }: Common & { data: PasswordChangedData }) {
  const w = t(c).passwordChanged;
  return (
    <Layout {...c} preview={w.subject} heading={w.heading} action={{ label: w.action, href: `${c.publicUrl}/auth` }} reason={w.reason}>
      <P>{w.body(dayIn(data.at, c.locale))}</P>
      <P>{w.notYou}</P>
    </Layout>
  );
}

export type RentReminderData = {
  stage: 'due3' | 'due' | 'overdue3';
  amountPaise: number;
  dueDate: string;
  roomNumber: string;
  propertyName: string;
  link: string;
};
export const reminderSubject = (d: RentReminderData, locale: Locale) =>
  EMAIL_TEXTS[locale].rentReminder.heading[d.stage](money(d.amountPaise));
export function RentReminderEmail({ data, ...c }: Common & { data: RentReminderData }) {
  const w = t(c).rentReminder;
  const subject = reminderSubject(data, c.locale);
  return (
    <Layout {...c} preview={subject} heading={subject} action={{ label: w.action, href: `${c.publicUrl}${data.link}` }}>
      <P>
        {w.body({
          roomNumber: data.roomNumber,
          propertyName: data.propertyName,
          amount: money(data.amountPaise),
          day: dayIn(data.dueDate, c.locale),
          overdue: data.stage === 'overdue3',
        })}
      </P>
      {data.stage === 'overdue3' && <P>{w.lateFee}</P>}
    </Layout>
  );
}

export type TenantInviteData = {
  /** Null: the inviter has no name on record ("A house owner" in the email's language). */
  ownerName: string | null;
  propertyName: string;
  city: string;
  roomNumber: string;
  rentPaise: number;
  email: string;
  expiresAt: string;
};
/** The sign-up link of an invitation: the address filled in and the role set to Tenant (issue 25 item 7). */
export const inviteSignUpPath = (email: string) => `/auth?${new URLSearchParams({ signup: '1', role: 'tenant', email }).toString()}`;
const inviter = (d: TenantInviteData, locale: Locale) => d.ownerName || EMAIL_TEXTS[locale].tenantInvite.someOwner;
export const tenantInviteSubject = (d: TenantInviteData, locale: Locale) =>
  EMAIL_TEXTS[locale].tenantInvite.subject({ ownerName: inviter(d, locale), roomNumber: d.roomNumber, propertyName: d.propertyName });
export function TenantInviteEmail({ data, ...c }: Common & { data: TenantInviteData }) {
  const w = t(c).tenantInvite;
  const ownerName = inviter(data, c.locale);
  return (
    <Layout
      {...c}
      preview={tenantInviteSubject(data, c.locale)}
      heading={w.heading(data)}
      action={{ label: w.action, href: `${c.publicUrl}${inviteSignUpPath(data.email)}` }}
      reason={w.reason({ ownerName, email: data.email })}
    >
      <P>{w.offer({ ...data, ownerName, rent: formatMonthlyRent(data.rentPaise, c.locale) })}</P>
      <P>{w.howTo({ email: data.email, until: dayIn(data.expiresAt, c.locale) })}</P>
      <P>{w.haveAccount}</P>
    </Layout>
  );
}

export type VerifyEmailData = { token: string; email: string; change: boolean };
/** Sign-up's link, or a new address asked for in Profile (ADR 033): a security email, no unsubscribe. */
export function VerifyEmailEmail({ data, ...c }: Common & { data: VerifyEmailData }) {
  const w = t(c).verifyEmail;
  const href = `${c.publicUrl}/verify-email?token=${encodeURIComponent(data.token)}`;
  return (
    <Layout {...c} preview={w.subject} heading={w.heading} action={{ label: w.action, href }} reason={w.reason(data.email)}>
      <P>{data.change ? w.change(data.email) : w.welcome(data.email)}</P>
      <P>{w.works(VERIFY_EMAIL_HOURS)}</P>
    </Layout>
  );
}

export type ReceiptData = {
  paymentId: string;
  receiptNumber: string;
  amountPaise: number;
  /** The contract's method key (absent on a message queued before Hindi: `methodLabel` is then printed as is). */
  methodKey?: PaymentMethodKey;
  methodLabel: string;
  paidOn: string;
  roomNumber: string;
  propertyName: string;
  /** What the payment settled, oldest bill first. */
  bills: { billType: string; billDate: string; amountPaise: number }[];
  /** Paid beyond the bills: the tenant's credit. */
  creditPaise: number;
  link: string;
};
export const receiptSubject = (d: ReceiptData, locale: Locale) =>
  EMAIL_TEXTS[locale].receipt.subject({ receiptNumber: d.receiptNumber, amount: money(d.amountPaise) });
const methodIn = (d: ReceiptData, locale: Locale) =>
  d.methodKey ? ((locale === 'hi-IN' ? PAYMENT_METHOD_HI : PAYMENT_METHOD_LABELS)[d.methodKey] ?? d.methodLabel) : d.methodLabel;
const billTypeIn = (type: string, locale: Locale) => (locale === 'hi-IN' ? (BILL_TYPE_HI[type] ?? type) : type);
export function ReceiptEmail({ data, ...c }: Common & { data: ReceiptData }) {
  const w = t(c).receipt;
  return (
    <Layout
      {...c}
      preview={receiptSubject(data, c.locale)}
      heading={w.heading(money(data.amountPaise))}
      action={{ label: w.action, href: `${c.publicUrl}${data.link}` }}
    >
      <P>{w.where(data)}</P>
      <P>{w.what({ amount: money(data.amountPaise), method: methodIn(data, c.locale), day: dayIn(data.paidOn, c.locale) })}</P>
      {data.bills.length > 0 ? (
        <>
          <P>{w.settled}</P>
          {data.bills.map((b) => (
            <P key={`${b.billType}-${b.billDate}-${b.amountPaise}`}>
              {w.bill({ billType: billTypeIn(b.billType, c.locale), day: dayIn(b.billDate, c.locale), amount: money(b.amountPaise) })}
            </P>
          ))}
        </>
      ) : null}
      {data.creditPaise > 0 ? <P>{w.credit(money(data.creditPaise))}</P> : null}
    </Layout>
  );
}

export type DailySummaryData = {
  /** The day summarised (YYYY-MM-DD, India). */
  date: string;
  payments: { count: number; paise: number };
  /** UPI payments tenants reported that wait for the owner's confirmation. */
  reportsWaiting: number;
  /** Requests tenants accepted or rejected that day. */
  requestsAnswered: number;
  unreadMessages: number;
  overdue: { count: number; paise: number };
  link: string;
};
export const dailySummarySubject = (d: DailySummaryData, locale: Locale) => EMAIL_TEXTS[locale].dailySummary.subject(dayIn(d.date, locale));
export function DailySummaryEmail({ data, ...c }: Common & { data: DailySummaryData }) {
  const w = t(c).dailySummary;
  const lines = [
    data.payments.count > 0 ? w.payments(data.payments.count, money(data.payments.paise)) : w.noPayments,
    data.reportsWaiting > 0 ? w.reports(data.reportsWaiting) : null,
    data.requestsAnswered > 0 ? w.requests(data.requestsAnswered) : null,
    data.unreadMessages > 0 ? w.unread(data.unreadMessages) : null,
    data.overdue.count > 0 ? w.overdue(data.overdue.count, money(data.overdue.paise)) : null,
  ].filter((l): l is string => l !== null);
  return (
    <Layout
      {...c}
      preview={lines.join(' · ')}
      heading={w.heading(dayIn(data.date, c.locale))}
      action={{ label: w.action, href: `${c.publicUrl}${data.link}` }}
      reason={w.reason}
    >
      {lines.map((l) => (
        <P key={l}>· {l}</P>
      ))}
    </Layout>
  );
}

export type EmailChangedData = { newEmail: string; at: string };
/** To the old address once a change is confirmed (ADR 033). */
export function EmailChangedEmail({ data, ...c }: Common & { data: EmailChangedData }) {
  const w = t(c).emailChanged;
  return (
    <Layout {...c} preview={w.subject} heading={w.heading} action={{ label: w.action, href: `${c.publicUrl}/auth` }} reason={w.reason}>
      <P>{w.body({ day: dayIn(data.at, c.locale), newEmail: data.newEmail })}</P>
      <P>{w.notYou}</P>
    </Layout>
  );
}
