import { z } from 'zod';
import { MSG } from './messages.js';

/**
 * Email verification and phone codes (issue 25 item 4, issue 26 item 2, ADR 033). The limits are the server's;
 * the web app shows them in its texts.
 */
export const VERIFY_EMAIL_HOURS = 48;
/** Verification emails one account may ask for per hour (sign-up's own included). */
export const VERIFY_EMAILS_PER_HOUR = 3;
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_TRIES = 5;
/** Codes sent per account and per phone number: per 15 minutes and per day. */
export const PHONE_CODES_PER_15_MINUTES = 3;
export const PHONE_CODES_PER_DAY = 10;

export const verifyEmailBodySchema = z.object({
  token: z.string({ error: MSG.verifyTokenRequired }).trim().min(1, MSG.verifyTokenRequired).max(200, MSG.verifyTokenInvalid),
});
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;
export const verifyEmailResultSchema = z.object({ email: z.string() });

export const phoneCodeSchema = z
  .string({ error: MSG.phoneCodeFormat })
  .trim()
  .regex(/^\d{6}$/, MSG.phoneCodeFormat);
export const confirmPhoneCodeBodySchema = z.object({ code: phoneCodeSchema });
export type ConfirmPhoneCodeBody = z.input<typeof confirmPhoneCodeBodySchema>;

/** Where the code went (masked) and until when it works. */
export const phoneCodeSentSchema = z.object({ maskedPhone: z.string(), expiresAt: z.string() });
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;
