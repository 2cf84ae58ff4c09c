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
