import { describe, expect, it } from 'vitest';
import { verhoeffComplete } from './aadhaar.js';
import { MSG } from './messages.js';
import { COMMON_PASSWORDS, COMMON_PASSWORDS_AS_OF } from './common-passwords.js';
import {
  type SignupValues,
  checkUsernameQuerySchema,
  emptySignup,
  isValidFullName,
  loginBodySchema,
  normalisePhone,
  PASSWORD_RE,
  registerBodySchema,
  signupStepError,
  signupSteps,
  updateAccountBodySchema,
  userSearchQuerySchema,
} from './users.js';

const AADHAAR = verhoeffComplete('23456789012');

const filled: SignupValues = {
  role: 'tenant',
  username: 'ananya_iyer',
  fullName: 'Ananya Iyer',
  email: 'Ananya@Example.com',
  phoneNumber: '9876543210',
  aadharCardNumber: AADHAAR,
  address: '12 MG Road, Bengaluru',
  password: 'secret12',
  confirmPassword: 'secret12',
};
const at = (step: number, patch: Partial<SignupValues>) => signupStepError(step, { ...filled, ...patch });

describe('sign-up step 1: role', () => {
  it('requires a role', () => {
    expect(signupStepError(0, emptySignup)).toBe(MSG.roleRequired);
    expect(MSG.roleRequired).toBe('Please select a role to proceed.');
  });
  it('accepts only owner or tenant', () => {
    expect(at(0, { role: 'admin' })).toBe(MSG.roleRequired);
    expect(at(0, { role: 'owner' })).toBeNull();
    expect(at(0, { role: 'tenant' })).toBeNull();
  });
});

describe('sign-up step 2: username and full name', () => {
  it('answers "All fields are required." when both are empty', () => {
    expect(at(1, { username: '', fullName: '' })).toBe('All fields are required.');
    expect(at(1, { username: '  ', fullName: ' ' })).toBe(MSG.allFieldsRequired);
  });
  it('requires the username', () => {
    expect(at(1, { username: '' })).toBe('Username is required.');
    expect(at(1, { username: '   ' })).toBe(MSG.usernameRequired);
  });
  it('checks the username format', () => {
    for (const bad of ['ab', 'a'.repeat(31), 'has space', 'bad!char', 'émile']) expect(at(1, { username: bad })).toBe(MSG.usernameFormat);
    for (const good of ['abc', 'a'.repeat(30), 'john.doe', 'john_doe-2', 'JohnDoe']) expect(at(1, { username: good })).toBeNull();
  });
  it('requires the full name', () => {
    expect(at(1, { fullName: '' })).toBe('Full name is required.');
  });
  it('accepts names as people write them (B28)', () => {
    const msg = 'Full name must be 2 to 100 characters: letters, spaces, dots, apostrophes or hyphens.';
    expect(MSG.fullNameFormat).toBe(msg);
    for (const good of [
      'Om Rao',
      'Ravi K',
      'R. K. Laxman',
      "Anil D'Souza",
      'Anil D’Souza',
      'Mary-Jane Watson',
      'Om',
      'राहुल शर्मा',
      'முருகன்',
      'a'.repeat(100),
    ]) {
      expect(at(1, { fullName: good })).toBeNull();
    }
  });
  it('refuses digits, symbols, one character and more than 100', () => {
    for (const bad of ['R', 'Ananya Iyer2', 'Ananya@Iyer', '.Ravi', "'Om", 'Ananya\tIyer', 'a'.repeat(101)]) {
      expect(at(1, { fullName: bad })).toBe(MSG.fullNameFormat);
    }
    expect(isValidFullName('Mary Jane Watson')).toBe(true);
  });
});

describe('sign-up step 3: email and phone (B2: checked when filled in)', () => {
  it('requires both', () => {
    expect(at(2, { email: '' })).toBe('Please enter a valid email address.');
    expect(at(2, { phoneNumber: '' })).toBe('Please enter a valid phone number with country code or 10 digits.');
    expect(signupStepError(2, emptySignup)).toBe(MSG.emailFormat);
  });
  it('refuses a filled-in email that is not an address', () => {
    for (const bad of ['ananya', 'ananya@', '@example.com', 'ananya@example', 'an anya@example.com', 'a@b.c', 'a@@b.com']) {
      expect(at(2, { email: bad })).toBe(MSG.emailFormat);
    }
    expect(at(2, { email: `${'a'.repeat(250)}@ex.com` })).toBe(MSG.emailFormat);
    expect(at(2, { email: 'first.last+tag@sub.example.co.in' })).toBeNull();
  });
  it('accepts 10 digits with an optional 1-4 digit country code', () => {
    for (const good of [
      '9876543210',
      '+919876543210',
      '+91 9876543210',
      '91-9876543210',
      '+1 2025550123',
      '+1234 9876543210',
      '+91 98765 43210',
    ]) {
      expect(at(2, { phoneNumber: good })).toBeNull();
    }
  });
  it('refuses other phone numbers', () => {
    for (const bad of ['987654321', '+12345 9876543210', '98765abcde', '+91', '++919876543210']) {
      expect(at(2, { phoneNumber: bad })).toBe(MSG.phoneFormat);
    }
  });
});

describe('sign-up step 4: Aadhaar and address', () => {
  const msg = 'Aadhar number must be a valid 12-digit number.';
  it('requires a 12-digit Aadhaar number', () => {
    expect(MSG.aadhaarFormat).toBe(msg);
    expect(at(3, { aadharCardNumber: '' })).toBe(msg);
    expect(at(3, { aadharCardNumber: AADHAAR.slice(0, 11) })).toBe(msg);
    expect(at(3, { aadharCardNumber: `${AADHAAR}1` })).toBe(msg);
    expect(at(3, { aadharCardNumber: 'abcdefghijkl' })).toBe(msg);
  });
  it('requires a first digit 2-9 and the Verhoeff check digit (B9), told apart from a wrong length', () => {
    expect(MSG.aadhaarChecksum).not.toBe(msg);
    expect(at(3, { aadharCardNumber: verhoeffComplete('12345678901') })).toBe(MSG.aadhaarChecksum);
    const wrongCheck = `${AADHAAR.slice(0, 11)}${(Number(AADHAAR[11]) + 5) % 10}`;
    expect(at(3, { aadharCardNumber: wrongCheck })).toBe(MSG.aadhaarChecksum);
    expect(at(3, { aadharCardNumber: `${wrongCheck.slice(0, 4)} ${wrongCheck.slice(4)}` })).toBe(MSG.aadhaarChecksum);
    expect(at(3, { aadharCardNumber: `${AADHAAR.slice(0, 4)} ${AADHAAR.slice(4, 8)} ${AADHAAR.slice(8)}` })).toBeNull();
  });
  it('requires the address', () => {
    expect(at(3, { address: '' })).toBe('Address is required.');
    expect(at(3, { address: '   ' })).toBe(MSG.addressRequired);
    expect(at(3, { address: 'x'.repeat(301) })).toBe('Address must be at most 300 characters.');
  });
});

describe('sign-up step 5: password', () => {
  const msg = 'Password must be at least 6 characters long and include at least one letter and one number.';
  it('answers "All fields are required." when either is empty', () => {
    expect(at(4, { password: '', confirmPassword: '' })).toBe('All fields are required.');
    expect(at(4, { password: 'secret12', confirmPassword: '' })).toBe(MSG.allFieldsRequired);
    expect(at(4, { password: '', confirmPassword: 'secret12' })).toBe(MSG.allFieldsRequired);
  });
  it('needs 6 to 128 characters with at least one letter and one number', () => {
    expect(MSG.passwordFormat).toBe(msg);
    for (const bad of ['abc12', 'abcdefgh', '12345678', '!!!!!!1', 'é'.repeat(8), `a1${'x'.repeat(127)}`, 'abc\n123']) {
      expect(at(4, { password: bad, confirmPassword: bad })).toBe(msg);
    }
    for (const good of ['abd124', 'A1b2C3d4', '1aaaaa']) expect(at(4, { password: good, confirmPassword: good })).toBeNull();
  });
  it('allows symbols, spaces and any script beside the letter and the number (B29)', () => {
    for (const good of ['Meera@2026pass', 'secret 12', 'secret12!', 'sécret12', 'मेरा पासवर्ड 2026', 'किराया९९', `a1${'x'.repeat(126)}`]) {
      expect(at(4, { password: good, confirmPassword: good })).toBeNull();
    }
  });
  it('refuses the most common passwords, whatever their case (NIST SP 800-63B)', () => {
    expect(MSG.passwordTooCommon).toBe('This password is too common. Choose another one.');
    for (const common of ['password1', 'Password@123', 'PASSWORD123', 'abc123', 'India@123', 'qwerty123', 'P@ssw0rd']) {
      expect(at(4, { password: common, confirmPassword: common })).toBe(MSG.passwordTooCommon);
    }
    expect(COMMON_PASSWORDS_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const p of COMMON_PASSWORDS) expect(PASSWORD_RE.test(p), p).toBe(true);
  });
  it('needs a matching confirmation', () => {
    expect(at(4, { confirmPassword: 'secret13' })).toBe('Passwords do not match.');
  });
});

describe('signupStepError', () => {
  it('passes every step of a complete form', () => {
    for (let step = 0; step < signupSteps.length; step++) expect(signupStepError(step, filled)).toBeNull();
  });
  it('has five steps and nothing beyond them', () => {
    expect(signupSteps).toHaveLength(5);
    expect(signupStepError(5, emptySignup)).toBeNull();
  });
  it('only looks at its own step', () => {
    expect(signupStepError(0, { ...emptySignup, role: 'owner' })).toBeNull();
    expect(signupStepError(1, { ...emptySignup, username: 'ananya', fullName: 'Ananya Iyer' })).toBeNull();
  });
});

describe('normalisePhone', () => {
  it('stores every form of one number the same way', () => {
    const forms = [
      '9876543210',
      '+919876543210',
      '+91 9876543210',
      '91 98765 43210',
      '+91-98765-43210',
      '(+91) 98765 43210',
      '09876543210',
      '0091 9876543210',
    ];
    for (const f of forms) expect(normalisePhone(f)).toBe('+919876543210');
  });
  it('keeps other country codes', () => {
    expect(normalisePhone('+1 2025550123')).toBe('+12025550123');
    expect(normalisePhone('+971 5012345678')).toBe('+9715012345678');
  });
  it('leaves text that is not a phone number as typed (trimmed)', () => {
    expect(normalisePhone(' abc ')).toBe('abc');
  });
});

describe('registerBodySchema', () => {
  it('parses and normalises a complete sign-up', () => {
    const v = registerBodySchema.parse({
      ...filled,
      aadharCardNumber: `${AADHAAR.slice(0, 4)} ${AADHAAR.slice(4)}`,
      username: ' ananya_iyer ',
    });
    expect(v.email).toBe('ananya@example.com');
    expect(v.phoneNumber).toBe('+919876543210');
    expect(v.aadharCardNumber).toBe(AADHAAR);
    expect(v.username).toBe('ananya_iyer');
  });
  it('reports a mismatched confirmation on confirmPassword', () => {
    const r = registerBodySchema.safeParse({ ...filled, confirmPassword: 'other123' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
  });
  it('names each wrong type with the field message', () => {
    const r = registerBodySchema.safeParse({ ...filled, username: 42, phoneNumber: 9876543210, role: null });
    const messages = r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['role', MSG.roleRequired],
        ['username', MSG.usernameRequired],
        ['phoneNumber', MSG.phoneFormat],
      ]),
    );
  });
});

describe('other request schemas', () => {
  it('login needs email and password, lower-cases the email', () => {
    expect(loginBodySchema.parse({ email: ' A@B.COM ', password: 'x' }).email).toBe('a@b.com');
    expect(loginBodySchema.safeParse({ email: '', password: 'x' }).error?.issues[0]?.message).toBe(MSG.emailRequired);
    expect(loginBodySchema.safeParse({ email: 'a@b.com', password: '' }).error?.issues[0]?.message).toBe(MSG.passwordRequired);
    expect(loginBodySchema.safeParse({ email: 'a@b.com' }).error?.issues[0]?.message).toBe(MSG.passwordRequired);
    expect(loginBodySchema.safeParse({ email: `${'a'.repeat(250)}@b.com`, password: 'x' }).error?.issues[0]?.message).toBe(MSG.emailFormat);
    expect(loginBodySchema.safeParse({ email: 'a@b.com', password: 'x'.repeat(257) }).error?.issues[0]?.message).toBe(
      MSG.invalidCredentials,
    );
  });
  it('update-account applies the sign-up rules and accepts an optional role', () => {
    const base = {
      fullName: 'Ananya Iyer',
      email: 'a@b.com',
      phoneNumber: '9876543210',
      aadharCardNumber: AADHAAR,
      address: 'Somewhere 1',
    };
    expect(updateAccountBodySchema.safeParse(base).success).toBe(true);
    expect(updateAccountBodySchema.safeParse({ ...base, role: 'tenant' }).success).toBe(true);
    expect(updateAccountBodySchema.safeParse({ ...base, fullName: 'R' }).error?.issues[0]?.message).toBe(MSG.fullNameFormat);
    expect(updateAccountBodySchema.safeParse({ ...base, role: 7 }).error?.issues[0]?.message).toBe(MSG.roleCannotChange);
  });
  it('search and check-username default to an empty string and cap the length with a message', () => {
    expect(userSearchQuerySchema.parse({}).query).toBe('');
    expect(userSearchQuerySchema.safeParse({ query: 'x'.repeat(101) }).error?.issues[0]?.message).toMatch(/at most 100/);
    expect(checkUsernameQuerySchema.parse({}).username).toBe('');
  });
});
