import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import {
  type Common,
  NotificationEmail,
  type NotificationData,
  PasswordChangedEmail,
  type PasswordChangedData,
  PasswordResetEmail,
  type PasswordResetData,
  RentReminderEmail,
  type RentReminderData,
  reminderSubject,
  ReceiptEmail,
  type ReceiptData,
  receiptSubject,
  TenantInviteEmail,
  type TenantInviteData,
  tenantInviteSubject,
  DailySummaryEmail,
  type DailySummaryData,
  dailySummarySubject,
  EmailChangedEmail,
  type EmailChangedData,
  VerifyEmailEmail,
  type VerifyEmailData,
} from './emails.js';

/** Every email the outbox sends (issue 25): its data, subject and body. */
export type TemplateData = {
  notification: NotificationData;
  passwordReset: PasswordResetData;
  passwordChanged: PasswordChangedData;
  rentReminder: RentReminderData;
  tenantInvite: TenantInviteData;
  receipt: ReceiptData;
  dailySummary: DailySummaryData;
  verifyEmail: VerifyEmailData;
  emailChanged: EmailChangedData;
};
export type TemplateName = keyof TemplateData;

export type RenderedEmail = { subject: string; text: string; html: string; headers?: Record<string, string> };

const templates: { [K in TemplateName]: (d: TemplateData[K], c: Common) => { subject: string; element: ReactElement } } = {
  notification: (d, c) => ({ subject: d.title, element: <NotificationEmail data={d} {...c} /> }),
  passwordReset: (d, c) => ({ subject: 'Reset your Kiraya password', element: <PasswordResetEmail data={d} {...c} /> }),
  passwordChanged: (d, c) => ({ subject: 'Your Kiraya password was changed', element: <PasswordChangedEmail data={d} {...c} /> }),
  rentReminder: (d, c) => ({ subject: reminderSubject(d), element: <RentReminderEmail data={d} {...c} /> }),
  tenantInvite: (d, c) => ({ subject: tenantInviteSubject(d), element: <TenantInviteEmail data={d} {...c} /> }),
  receipt: (d, c) => ({ subject: receiptSubject(d), element: <ReceiptEmail data={d} {...c} /> }),
  dailySummary: (d, c) => ({ subject: dailySummarySubject(d), element: <DailySummaryEmail data={d} {...c} /> }),
  verifyEmail: (d, c) => ({ subject: 'Verify your email address for Kiraya', element: <VerifyEmailEmail data={d} {...c} /> }),
  emailChanged: (d, c) => ({ subject: 'Your Kiraya email address was changed', element: <EmailChangedEmail data={d} {...c} /> }),
};

/** HTML and plain text of one email, rendered by react-email. */
export async function renderEmail<K extends TemplateName>(name: K, data: TemplateData[K], common: Common): Promise<RenderedEmail> {
  const make = templates[name] as ((d: TemplateData[K], c: Common) => { subject: string; element: ReactElement }) | undefined;
  if (!make) throw new Error(`unknown email template ${name}`);
  const { subject, element } = make(data, common);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
