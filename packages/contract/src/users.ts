import { z } from 'zod';
import { isValidAadhaar, MASKED_AADHAAR_PATTERN, normaliseAadhaar } from './aadhaar.js';
import { isCommonPassword } from './common-passwords.js';
import { LIMITS, ROLES, SIGNUP_ROLES, TEXT_MAX } from './constants.js';
import { isSingleLineText, optionalTextField, textField } from './fields.js';
import { MSG } from './messages.js';
import { accountPanSchema } from './payments.js';
import { accountVpaSchema } from './offline-payments.js';
import { requestSchema } from './tenancy.js';

export const USERNAME_RE = /^[A-Za-z0-9._-]{3,30}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** An optional country code of 1-4 digits, then exactly 10 digits. */
export const PHONE_RE = /^(?:\+?(\d{1,4})[\s-]?)?(\d{10})$/;
/**
 * 6 to 128 characters (counted as code points) with at least one letter and one number; symbols, spaces and
 * any script are allowed beside them (B29). Control characters are not.
 */
export const PASSWORD_RE = /^(?=.*\p{L})(?=.*\p{Nd})[^\p{Cc}]{6,128}$/su;
/**
 * Names as people write them (B28): starts with a letter of any script, then letters (with their combining
 * marks, as Devanagari and Tamil need), spaces, dots, apostrophes and hyphens ("Om Rao", "R. K. Laxman", "Anil D'Souza").
 */
export const FULL_NAME_RE = /^\p{L}[\p{L}\p{M} .'’-]*$/u;

export const isValidFullName = (s: string): boolean => {
  const t = s.trim();
  return t.length >= LIMITS.fullNameMinLength && t.length <= TEXT_MAX.fullName && FULL_NAME_RE.test(t);
};

/**
 * Phone numbers are stored as +{cc}{10 digits}; a bare 10-digit number is Indian (+91). Leading zeros of
 * the code are dialling prefixes, not part of it ("09876543210" is the trunk form, "0091…" the
 * international one), so every way of writing one number gives the same stored value (B2 uniqueness).
 */
export function normalisePhone(s: string): string {
  const m = PHONE_RE.exec(s.replace(/[\s()-]/g, '').trim());
  if (!m) return s.trim();
  const cc = (m[1] ?? '').replace(/^0+/, '') || '91';
  return `+${cc}${m[2]}`;
}

const req = (message: string) => z.string({ error: message }).trim().min(1, message);

/** The roles sign-up accepts: an `admin` is refused like any unknown role (issue 26: only `npm run admin` makes one). */
export const roleSchema = z.enum(SIGNUP_ROLES, { error: MSG.roleRequired });
/** An account's role as answers carry it: a moderator's is `admin`. */
export const accountRoleSchema = z.enum(ROLES);

export const usernameSchema = req(MSG.usernameRequired).regex(USERNAME_RE, MSG.usernameFormat);
export const fullNameSchema = req(MSG.fullNameRequired)
  .max(TEXT_MAX.fullName, MSG.fullNameFormat)
  .refine(isValidFullName, MSG.fullNameFormat);
export const emailSchema = z
  .string({ error: MSG.emailFormat })
  .trim()
  .toLowerCase()
  .max(TEXT_MAX.email, MSG.emailFormat)
  .regex(EMAIL_RE, MSG.emailFormat)
  .refine(isSingleLineText, MSG.emailFormat);
export const phoneSchema = z
  .string({ error: MSG.phoneFormat })
  .trim()
  .refine((s) => PHONE_RE.test(s.replace(/[\s()-]/g, '')), MSG.phoneFormat)
  .transform(normalisePhone);
export const aadhaarSchema = z
  .string({ error: MSG.aadhaarFormat })
  .trim()
  .superRefine((s, ctx) => {
    if (isValidAadhaar(s)) return;
    // Twelve digits that fail the check are told apart from a number of the wrong length.
    const twelve = /^\d{12}$/.test(normaliseAadhaar(s));
    ctx.addIssue({ code: 'custom', message: twelve ? MSG.aadhaarChecksum : MSG.aadhaarFormat });
  })
  .transform(normaliseAadhaar);
export const addressSchema = textField({ label: 'Address', max: TEXT_MAX.address, required: MSG.addressRequired, multiline: true });
/** The password rule (B29), and the most common passwords refused (NIST SP 800-63B; common-passwords.ts). */
export const passwordSchema = z
  .string({ error: MSG.passwordFormat })
  .regex(PASSWORD_RE, MSG.passwordFormat)
  .refine((p) => !isCommonPassword(p), { message: MSG.passwordTooCommon, abort: true });

/** The sign-up wizard's five steps, each validated on Next (spec 2, 5; B2). */
export const signupSteps = [
  z.object({ role: roleSchema }),
  z.object({ username: usernameSchema, fullName: fullNameSchema }),
  z.object({ email: emailSchema, phoneNumber: phoneSchema }),
  z.object({ aadharCardNumber: aadhaarSchema, address: addressSchema }),
  z
    .object({ password: passwordSchema, confirmPassword: z.string({ error: MSG.passwordsDoNotMatch }) })
    .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] }),
] as const;

export type SignupValues = {
  role: string;
  username: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  aadharCardNumber: string;
  address: string;
  password: string;
  confirmPassword: string;
};

export const emptySignup: SignupValues = {
  role: '',
  username: '',
  fullName: '',
  email: '',
  phoneNumber: '',
  aadharCardNumber: '',
  address: '',
  password: '',
  confirmPassword: '',
};

const blank = (s: string | undefined) => !s || s.trim() === '';

/**
 * The first message that stops the wizard at `step` (0-based), or null when the step is valid.
 * Steps where every field is empty answer "All fields are required." as the spec says.
 */
export function signupStepError(step: number, v: SignupValues): string | null {
  if (step === 1 && blank(v.username) && blank(v.fullName)) return MSG.allFieldsRequired;
  if (step === 4 && (blank(v.password) || blank(v.confirmPassword))) return MSG.allFieldsRequired;
  const schema = signupSteps[step];
  if (!schema) return null;
  const r = schema.safeParse(v);
  return r.success ? null : (r.error.issues[0]?.message ?? MSG.allFieldsRequired);
}

export const registerBodySchema = z
  .object({
    role: roleSchema,
    username: usernameSchema,
    fullName: fullNameSchema,
    email: emailSchema,
    phoneNumber: phoneSchema,
    aadharCardNumber: aadhaarSchema,
    address: addressSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: MSG.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: z
    .string({ error: MSG.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, MSG.emailRequired)
    .max(TEXT_MAX.email, MSG.emailFormat)
    .refine(isSingleLineText, MSG.emailFormat),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(256, MSG.invalidCredentials),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** Profile's Aadhaar: a number, or the masked one every answer carries (ADR 043), meaning "keep mine". */
const accountAadhaarSchema = z
  .string({ error: MSG.aadhaarFormat })
  .trim()
  .superRefine((s, ctx) => {
    if (MASKED_AADHAAR_PATTERN.test(s) || isValidAadhaar(s)) return;
    const twelve = /^\d{12}$/.test(normaliseAadhaar(s));
    ctx.addIssue({ code: 'custom', message: twelve ? MSG.aadhaarChecksum : MSG.aadhaarFormat });
  })
  .transform((s) => (MASKED_AADHAAR_PATTERN.test(s) ? s : normaliseAadhaar(s)));

export const updateAccountBodySchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phoneNumber: phoneSchema,
  aadharCardNumber: accountAadhaarSchema,
  address: addressSchema,
  /** Accepted for compatibility with existing clients; it must equal the caller's role. */
  role: z.string({ error: MSG.roleCannotChange }).max(TEXT_MAX.role, MSG.roleCannotChange).optional(),
  /** Owners only (B18): the PAN printed on their tenants' rent receipts; '' or null removes it. */
  pan: accountPanSchema,
  /** Owners only (issue 23): the UPI ID tenants pay straight to; '' or null removes it, left out it is kept. */
  upiVpa: accountVpaSchema,
});
export type UpdateAccountBody = z.input<typeof updateAccountBodySchema>;

/** Change the password: the current one, and the new one twice (the sign-up rule). Other logins end. */
export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(256, MSG.currentPasswordWrong),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: MSG.passwordsDoNotMatch }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** Profile's "Show" (ADR 043): the full Aadhaar number (and an owner's PAN), after the password is asked again. */
export const revealIdentityBodySchema = z.object({
  currentPassword: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(256, MSG.currentPasswordWrong),
});
export type RevealIdentityBody = z.input<typeof revealIdentityBodySchema>;
export const revealedIdentitySchema = z.object({ aadharCardNumber: z.string(), pan: z.string().nullable() });
export type RevealedIdentity = z.infer<typeof revealedIdentitySchema>;

/** A pending request for the signed-in tenant (spec 3 Request: ownerId.fullName, roomId.roomNumber, status). */
export const incomingRequestSchema = requestSchema;

/** A user as its holder sees it (Aadhaar in full only for the holder). */
export const userSchema = z.object({
  _id: z.string(),
  role: accountRoleSchema,
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  aadharCardNumber: z.string(),
  address: z.string(),
  /** An owner's PAN (B18), to its holder only; null when not given. */
  pan: z.string().nullable().optional(),
  /** An owner's UPI ID (issue 23), to its holder only; null when not given. */
  upiVpa: z.string().nullable().optional(),
  /** To its holder only (ADR 033): whether the email is verified, an address waiting for its link, the phone verified. */
  emailVerified: z.boolean().optional(),
  pendingEmail: z.string().nullable().optional(),
  phoneVerified: z.boolean().optional(),
  incomingRequests: z.array(incomingRequestSchema),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** The refresh token is never in a body: it travels only in its httpOnly cookie (ADR 003, B19). */
export const authResultSchema = z.object({
  user: userSchema,
  accessToken: z.string(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

export const tokensSchema = z.object({ accessToken: z.string() });

export const userSearchQuerySchema = z.object({
  query: optionalTextField({ label: 'Search text', max: LIMITS.searchQueryMax }),
});
/**
 * One hit of GET /users/search (issue 19): enough for the owner to tell who they invite (the full name and the
 * phone's last four digits, '••••8652'; '' without a phone), nothing more.
 */
export const userSearchResultSchema = z.object({ _id: z.string(), username: z.string(), fullName: z.string(), maskedPhone: z.string() });
/** The least a username search needs (an exact email or phone is always longer). */
export const SEARCH_MIN_CHARS = 3;
/** '+919876548652' → '••••8652'. */
export const maskPhone = (phone: string | null | undefined): string => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `••••${digits.slice(-4)}` : '';
};
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

export const checkUsernameQuerySchema = z.object({
  username: z.string({ error: MSG.usernameFormat }).trim().max(TEXT_MAX.usernameQuery, MSG.usernameFormat).default(''),
});
export const checkUsernameResultSchema = z.object({ username: z.string(), available: z.boolean(), message: z.string() });

/**
 * Sign-up's step 3 asks whether its email and phone are free, so a taken one is told at its own step (issue 19).
 * Sent in a body (personal data stays out of URLs and logs) and rate limited like sign-up itself.
 */
export const checkAvailabilityBodySchema = z.object({ email: emailSchema.optional(), phoneNumber: phoneSchema.optional() });
export type CheckAvailabilityBody = z.input<typeof checkAvailabilityBodySchema>;
const availabilitySchema = z.object({ available: z.boolean(), message: z.string() });
export const checkAvailabilityResultSchema = z.object({ email: availabilitySchema.optional(), phoneNumber: availabilitySchema.optional() });
