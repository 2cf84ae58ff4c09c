import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { EMAIL_TEXTS } from '../../../i18n/emails.js';
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
  notificationSubject,
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

/** Each template's subject and body, in `c.locale` (the recipient's language, issue 27). */
const templates: { [K in TemplateName]: (d: TemplateData[K], c: Common) => { subject: string; element: ReactElement } } = {
  notification: (d, c) => ({ subject: notificationSubject(d, c.locale), element: <NotificationEmail data={d} {...c} /> }),
  passwordReset: (d, c) => ({ subject: EMAIL_TEXTS[c.locale].passwordReset.subject, element: <PasswordResetEmail data={d} {...c} /> }),
  passwordChanged: (d, c) => ({
    subject: EMAIL_TEXTS[c.locale].passwordChanged.subject,
    element: <PasswordChangedEmail data={d} {...c} />,
  }),
  rentReminder: (d, c) => ({ subject: reminderSubject(d, c.locale), element: <RentReminderEmail data={d} {...c} /> }),
  tenantInvite: (d, c) => ({ subject: tenantInviteSubject(d, c.locale), element: <TenantInviteEmail data={d} {...c} /> }),
  receipt: (d, c) => ({ subject: receiptSubject(d, c.locale), element: <ReceiptEmail data={d} {...c} /> }),
  dailySummary: (d, c) => ({ subject: dailySummarySubject(d, c.locale), element: <DailySummaryEmail data={d} {...c} /> }),
  verifyEmail: (d, c) => ({ subject: EMAIL_TEXTS[c.locale].verifyEmail.subject, element: <VerifyEmailEmail data={d} {...c} /> }),
  emailChanged: (d, c) => ({ subject: EMAIL_TEXTS[c.locale].emailChanged.subject, element: <EmailChangedEmail data={d} {...c} /> }),
};

/** HTML and plain text of one email, rendered by react-email. */
export async function renderEmail<K extends TemplateName>(name: K, data: TemplateData[K], common: Common): Promise<RenderedEmail> {
  const make = templates[name] as ((d: TemplateData[K], c: Common) => { subject: string; element: ReactElement }) | undefined;
  if (!make) throw new Error(`unknown email template ${name}`);
  const { subject, element } = make(data, common);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
