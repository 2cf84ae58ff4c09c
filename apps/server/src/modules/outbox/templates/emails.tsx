import { dayInWords, formatPaise, RESET_TOKEN_MINUTES, VERIFY_EMAIL_HOURS } from '@kiraya/contract';
import { Layout, P } from './layout.js';

export type Common = { publicUrl: string; name: string | null; unsubscribeUrl: string | null };

export type NotificationData = { notificationId?: string; kind: string; title: string; body: string; link: string };
export function NotificationEmail({ data, ...c }: Common & { data: NotificationData }) {
  return (
    <Layout
      {...c}
      preview={data.body || data.title}
      heading={data.title}
      action={{ label: 'Open in Kiraya', href: `${c.publicUrl}${data.link}` }}
    >
      {data.body && <P>{data.body}</P>}
    </Layout>
  );
}

export type PasswordResetData = { token: string };
export function PasswordResetEmail({ data, ...c }: Common & { data: PasswordResetData }) {
  const href = `${c.publicUrl}/reset-password?token=${encodeURIComponent(data.token)}`;
  return (
    <Layout
      {...c}
      preview="Reset your Kiraya password"
      heading="Reset your password"
      action={{ label: 'Choose a new password', href }}
      reason="You get this email because someone asked to reset the password of your Kiraya account."
    >
      <P>
        Someone (we hope you) asked to reset the password of your Kiraya account. The link works once, for {RESET_TOKEN_MINUTES} minutes.
      </P>
      <P>If it was not you, ignore this email: your password stays as it is.</P>
    </Layout>
  );
}

export type PasswordChangedData = { at: string };
export function PasswordChangedEmail({ data, ...c }: Common & { data: PasswordChangedData }) {
  return (
    <Layout
      {...c}
      preview="Your Kiraya password was changed"
      heading="Your password was changed"
      action={{ label: 'Sign in', href: `${c.publicUrl}/auth` }}
      reason="You get this email because the password of your Kiraya account changed."
    >
      <P>The password of your Kiraya account was changed on {dayInWords(data.at)}, and every device was signed out.</P>
      <P>If you did not do this, reset your password at once from the sign-in page ("Forgot password?").</P>
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
const reminderHeading: Record<RentReminderData['stage'], (d: RentReminderData) => string> = {
  due3: (d) => `Rent of ${formatPaise(d.amountPaise)} is due in 3 days`,
  due: (d) => `Rent of ${formatPaise(d.amountPaise)} is due today`,
  overdue3: (d) => `Rent of ${formatPaise(d.amountPaise)} is overdue`,
};
export const reminderSubject = (d: RentReminderData) => reminderHeading[d.stage](d);
export function RentReminderEmail({ data, ...c }: Common & { data: RentReminderData }) {
  return (
    <Layout
      {...c}
      preview={reminderSubject(data)}
      heading={reminderSubject(data)}
      action={{ label: 'Pay now', href: `${c.publicUrl}${data.link}` }}
    >
      <P>
        Room {data.roomNumber}, {data.propertyName}: {formatPaise(data.amountPaise)} {data.stage === 'overdue3' ? 'was' : 'is'} due on{' '}
        {dayInWords(data.dueDate)}.
      </P>
      {data.stage === 'overdue3' && (
        <P>A late fee may apply under your lease. If you have already paid your owner directly, ask them to record it.</P>
      )}
    </Layout>
  );
}

export type TenantInviteData = {
  ownerName: string;
  propertyName: string;
  city: string;
  roomNumber: string;
  rentPaise: number;
  email: string;
  expiresAt: string;
};
/** The sign-up link of an invitation: the address filled in and the role set to Tenant (issue 25 item 7). */
export const inviteSignUpPath = (email: string) => `/auth?${new URLSearchParams({ signup: '1', role: 'tenant', email }).toString()}`;
export const tenantInviteSubject = (d: TenantInviteData) => `${d.ownerName} invites you to rent Room ${d.roomNumber}, ${d.propertyName}`;
export function TenantInviteEmail({ data, ...c }: Common & { data: TenantInviteData }) {
  return (
    <Layout
      {...c}
      preview={tenantInviteSubject(data)}
      heading={`You are invited to Room ${data.roomNumber}, ${data.propertyName}`}
      action={{ label: 'Sign up and see the invitation', href: `${c.publicUrl}${inviteSignUpPath(data.email)}` }}
      reason={`You get this email because ${data.ownerName} invited ${data.email} to a room on Kiraya. If you do not know them, ignore it.`}
    >
      <P>
        {data.ownerName} invites you to rent Room {data.roomNumber} at {data.propertyName}, {data.city}, for {formatPaise(data.rentPaise)} a
        month, on Kiraya: rent, bills and receipts in one place, with no broker.
      </P>
      <P>
        Sign up as a tenant with this email address ({data.email}) and open the link we then send to confirm it: the invitation will be
        waiting in Requests, where you can read the lease offered and accept it. The invitation works until {dayInWords(data.expiresAt)}.
      </P>
      <P>Already have a Kiraya tenant account with this email? Sign in and open Requests.</P>
    </Layout>
  );
}

export type VerifyEmailData = { token: string; email: string; change: boolean };
/** Sign-up's link, or a new address asked for in Profile (ADR 033): a security email, no unsubscribe. */
export function VerifyEmailEmail({ data, ...c }: Common & { data: VerifyEmailData }) {
  const href = `${c.publicUrl}/verify-email?token=${encodeURIComponent(data.token)}`;
  return (
    <Layout
      {...c}
      preview="Verify your email address for Kiraya"
      heading="Verify your email address"
      action={{ label: 'Verify my email', href }}
      reason={`You get this email because ${data.email} was given for a Kiraya account.`}
    >
      {data.change ? (
        <P>
          Someone (we hope you) asked to change the email address of a Kiraya account to {data.email}. Open the link to confirm it: the
          address changes only then.
        </P>
      ) : (
        <P>Welcome to Kiraya. Open the link to confirm that {data.email} is yours.</P>
      )}
      <P>The link works once, for {VERIFY_EMAIL_HOURS} hours. If it was not you, ignore this email.</P>
    </Layout>
  );
}

export type ReceiptData = {
  paymentId: string;
  receiptNumber: string;
  amountPaise: number;
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
export const receiptSubject = (d: ReceiptData) => `Receipt ${d.receiptNumber}: ${formatPaise(d.amountPaise)} paid`;
export function ReceiptEmail({ data, ...c }: Common & { data: ReceiptData }) {
  return (
    <Layout
      {...c}
      preview={receiptSubject(data)}
      heading={`Payment received: ${formatPaise(data.amountPaise)}`}
      action={{ label: 'View the receipt', href: `${c.publicUrl}${data.link}` }}
    >
      <P>
        Receipt {data.receiptNumber} · Room {data.roomNumber}, {data.propertyName}
      </P>
      <P>
        Amount: {formatPaise(data.amountPaise)} · Method: {data.methodLabel} · Paid on {dayInWords(data.paidOn)}
      </P>
      {data.bills.length > 0 ? (
        <>
          <P>Bills settled:</P>
          {data.bills.map((b) => (
            <P key={`${b.billType}-${b.billDate}-${b.amountPaise}`}>
              · {b.billType} of {dayInWords(b.billDate)}: {formatPaise(b.amountPaise)}
            </P>
          ))}
        </>
      ) : null}
      {data.creditPaise > 0 ? <P>{formatPaise(data.creditPaise)} is kept as your credit and settles your next bills.</P> : null}
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
export const dailySummarySubject = (d: DailySummaryData) => `Your Kiraya day: ${dayInWords(d.date)}`;
export function DailySummaryEmail({ data, ...c }: Common & { data: DailySummaryData }) {
  const lines = [
    data.payments.count > 0
      ? `${data.payments.count} payment${data.payments.count === 1 ? '' : 's'} received: ${formatPaise(data.payments.paise)}`
      : 'No payments received',
    data.reportsWaiting > 0
      ? `${data.reportsWaiting} UPI payment report${data.reportsWaiting === 1 ? '' : 's'} waiting for you to confirm`
      : null,
    data.requestsAnswered > 0 ? `${data.requestsAnswered} request${data.requestsAnswered === 1 ? '' : 's'} accepted or rejected` : null,
    data.unreadMessages > 0 ? `${data.unreadMessages} unread message${data.unreadMessages === 1 ? '' : 's'}` : null,
    data.overdue.count > 0
      ? `${data.overdue.count} bill${data.overdue.count === 1 ? '' : 's'} overdue: ${formatPaise(data.overdue.paise)}`
      : null,
  ].filter((l): l is string => l !== null);
  return (
    <Layout
      {...c}
      preview={lines.join(' · ')}
      heading={`Your rooms on ${dayInWords(data.date)}`}
      action={{ label: 'Open your dashboard', href: `${c.publicUrl}${data.link}` }}
      reason="You get this email because you turned on the daily summary in Profile. Payment and request emails are in it instead of one email each."
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
  return (
    <Layout
      {...c}
      preview="Your Kiraya email address was changed"
      heading="Your email address was changed"
      action={{ label: 'Sign in', href: `${c.publicUrl}/auth` }}
      reason="You get this email because it was the address of a Kiraya account."
    >
      <P>
        On {dayInWords(data.at)} the email address of your Kiraya account was changed to {data.newEmail}. Emails now go there, and you sign
        in with it.
      </P>
      <P>If you did not do this, reset your password at once from the sign-in page ("Forgot password?") and contact Kiraya.</P>
    </Layout>
  );
}
