import { describe, expect, it } from 'vitest';
import { NUMBER_BOUNDS, TEXT_MAX } from './constants.js';
import { decimalField, isMultiLineText, isSingleLineText, requiredDecimalField } from './fields.js';
import { MSG } from './messages.js';
import { propertyFieldsSchema, propertyListQuerySchema } from './properties.js';
import { roomFieldsSchema } from './rooms.js';
import { loginBodySchema, registerBodySchema, updateAccountBodySchema, userSearchQuerySchema } from './users.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

const property = {
  title: 'Sunny flat',
  amenities: 'wifi, lift',
  street: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  landmark: '',
  propertyType: 'Villa',
  description: 'Bright rooms\nnear the station',
};
const room = {
  roomNumber: '101',
  roomType: 'Single',
  tenantType: 'Family',
  floor: '2',
  maxOccupancy: '3',
  isFurnitured: 'true',
  hasAttachedBath: 'false',
  description: 'Corner room',
  rentAmount: '4999.50',
};
const account = {
  fullName: 'Asha Verma',
  email: 'asha@example.com',
  phoneNumber: '9876543210',
  aadharCardNumber: '234123412346',
  address: '1 Park Street',
};

describe('text rules (ADR 011)', () => {
  it('tells single-line from multi-line text', () => {
    expect(isSingleLineText('Café 12, MG Road ₹ 😀')).toBe(true);
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', 'a\rb', '\u001b[31m', 'a\u007f', '\u0085', 'x\uD800', '\uDC00x']) {
      expect(isSingleLineText(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(isMultiLineText('line 1\nline 2\tend')).toBe(true);
    for (const bad of ['a\u0000b', '\u0007', 'x\uD83D', '\u009b']) expect(isMultiLineText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('refuses NUL and other controls in every text field with a message naming the field', () => {
    const cases: [string, unknown, string][] = [
      ['title', propertyFieldsSchema.safeParse({ ...property, title: 'a\u0000b' }), MSG.textControlChars('Title')],
      ['street', propertyFieldsSchema.safeParse({ ...property, street: 'a\u0000' }), MSG.textControlChars('Street')],
      ['city', propertyFieldsSchema.safeParse({ ...property, city: 'Pu\u0000ne' }), MSG.textControlChars('City')],
      ['state', propertyFieldsSchema.safeParse({ ...property, state: 'MH\n' + 'x' }), MSG.textControlChars('State')],
      ['landmark', propertyFieldsSchema.safeParse({ ...property, landmark: '\u0000' }), MSG.textControlChars('Landmark')],
      ['description', propertyFieldsSchema.safeParse({ ...property, description: 'x\u0000' }), MSG.textControlChars('Description', true)],
      ['amenities', propertyFieldsSchema.safeParse({ ...property, amenities: ['wifi', 'li\u0000ft'] }), MSG.textControlChars('Amenities')],
      ['roomNumber', roomFieldsSchema.safeParse({ ...room, roomNumber: '1\u00000' }), MSG.textControlChars('Room number')],
      ['roomType', roomFieldsSchema.safeParse({ ...room, roomType: 'a\u0000' }), MSG.textControlChars('Room type')],
      ['room description', roomFieldsSchema.safeParse({ ...room, description: '\u0000' }), MSG.textControlChars('Description', true)],
      ['address', updateAccountBodySchema.safeParse({ ...account, address: 'x\u0000y' }), MSG.textControlChars('Address', true)],
      ['email', updateAccountBodySchema.safeParse({ ...account, email: 'a\u0000@example.com' }), MSG.emailFormat],
      ['login email', loginBodySchema.safeParse({ email: 'a\u0000@x.io', password: 'x' }), MSG.emailFormat],
      ['search', userSearchQuerySchema.safeParse({ query: 'ab\u0000' }), MSG.textControlChars('Search text')],
      ['q', propertyListQuerySchema.safeParse({ q: '\u0000' }), MSG.textControlChars('Search text')],
      ['city filter', propertyListQuerySchema.safeParse({ city: 'x\u0000' }), MSG.textControlChars('City')],
      ['state filter', propertyListQuerySchema.safeParse({ state: 'x\u0000' }), MSG.textControlChars('State')],
    ];
    for (const [name, r, message] of cases) expect(firstMessage(r as never), name).toBe(message);
  });

  it('keeps line breaks in descriptions and addresses, stored as LF', () => {
    expect(propertyFieldsSchema.parse({ ...property, description: ' a\r\nb\rc\td ' }).description).toBe('a\nb\nc\td');
    expect(updateAccountBodySchema.parse({ ...account, address: 'Flat 2\r\nMG Road' }).address).toBe('Flat 2\nMG Road');
  });

  it('gives every text field a maximum and names it', () => {
    // A full name's rule (B28) names its length with the letters it takes.
    expect(firstMessage(updateAccountBodySchema.safeParse({ ...account, fullName: 'a'.repeat(200_000) }))).toBe(MSG.fullNameFormat);
    expect(
      firstMessage(
        registerBodySchema.safeParse({
          ...account,
          role: 'tenant',
          username: 'asha',
          password: 'abd124',
          confirmPassword: 'abd124',
          fullName: 'A'.repeat(101),
        }),
      ),
    ).toBe(MSG.fullNameFormat);
    expect(updateAccountBodySchema.safeParse({ ...account, fullName: 'A'.repeat(TEXT_MAX.fullName) }).success).toBe(true);
    const long: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(TEXT_MAX.title + 1) }, MSG.textTooLong('Title', TEXT_MAX.title)],
      [{ street: 'x'.repeat(TEXT_MAX.street + 1) }, MSG.textTooLong('Street', TEXT_MAX.street)],
      [{ landmark: 'x'.repeat(TEXT_MAX.landmark + 1) }, MSG.textTooLong('Landmark', TEXT_MAX.landmark)],
      [{ description: 'x'.repeat(TEXT_MAX.propertyDescription + 1) }, MSG.textTooLong('Description', TEXT_MAX.propertyDescription)],
      [{ amenities: `wifi, ${'x'.repeat(TEXT_MAX.amenity + 1)}` }, MSG.amenityTooLong(TEXT_MAX.amenity)],
      [{ amenities: Array.from({ length: 31 }, (_, i) => `a${i}`) }, MSG.amenitiesTooMany(TEXT_MAX.amenitiesCount)],
    ];
    for (const [patch, message] of long) expect(firstMessage(propertyFieldsSchema.safeParse({ ...property, ...patch }))).toBe(message);
    expect(firstMessage(roomFieldsSchema.safeParse({ ...room, roomNumber: '1'.repeat(21) }))).toBe(MSG.textTooLong('Room number', 20));
    expect(firstMessage(propertyListQuerySchema.safeParse({ q: 'x'.repeat(101) }))).toBe(MSG.textTooLong('Search text', 100));
  });

  it('refuses values that are not text', () => {
    expect(firstMessage(propertyListQuerySchema.safeParse({ q: ['a', 'b'] }))).toBe(MSG.textNotString('Search text'));
    expect(firstMessage(propertyFieldsSchema.safeParse({ ...property, title: { toString: 'x' } }))).toBe(MSG.propertyStepRequired);
    expect(propertyFieldsSchema.parse({ ...property, landmark: undefined }).landmark).toBe('');
  });
});

describe('decimal numbers (ADR 011)', () => {
  const whole = requiredDecimalField({ message: 'bad', min: -5, max: 200, scale: 0, required: 'required' });
  const rupees = decimalField({ message: 'bad', min: 0, max: 100, scale: 2 });

  it('reads plain decimal text and finite numbers', () => {
    expect(whole.parse('12')).toBe(12);
    expect(whole.parse(' -3 ')).toBe(-3);
    expect(whole.parse('007')).toBe(7);
    expect(whole.parse(4)).toBe(4);
    expect(Object.is(whole.parse('-0'), 0)).toBe(true);
    expect(Object.is(whole.parse(-0), 0)).toBe(true);
    expect(rupees.parse('49.5')).toBe(49.5);
    expect(rupees.parse(49.99)).toBe(49.99);
    expect(rupees.parse(undefined)).toBeUndefined();
    expect(rupees.parse('  ')).toBeUndefined();
    expect(rupees.parse('')).toBeUndefined();
  });

  it('refuses hex, exponents, blanks, Infinity, NaN and too many decimals', () => {
    for (const bad of [
      '0x10',
      '1e2',
      '1E2',
      'Infinity',
      '-Infinity',
      'NaN',
      '0b1',
      '0o7',
      '+5',
      '1_000',
      '1,000',
      '١٢',
      '5.',
      '.5',
      '\u00005',
      '5 5',
    ]) {
      expect(firstMessage(whole.safeParse(bad)), bad).toBe('bad');
    }
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e308, 201, -6])
      expect(firstMessage(whole.safeParse(bad)), String(bad)).toBe('bad');
    expect(firstMessage(whole.safeParse(' '))).toBe('required');
    expect(firstMessage(whole.safeParse(undefined))).toBe('required');
    expect(firstMessage(whole.safeParse(true))).toBe('bad');
    expect(firstMessage(rupees.safeParse('1.005'))).toBe('bad');
    expect(firstMessage(rupees.safeParse(0.001))).toBe('bad');
    expect(firstMessage(rupees.safeParse('-1'))).toBe('bad');
  });

  it('applies to room numbers: no hex floor, no blank floor as 0', () => {
    const floor = MSG.wholeNumber('Floor', NUMBER_BOUNDS.floorMin, NUMBER_BOUNDS.floorMax);
    expect(firstMessage(roomFieldsSchema.safeParse({ ...room, floor: '0x10' }))).toBe(floor);
    expect(firstMessage(roomFieldsSchema.safeParse({ ...room, floor: '   ' }))).toBe(MSG.roomStepRequired);
    expect(firstMessage(roomFieldsSchema.safeParse({ ...room, maxOccupancy: '0x10' }))).toBe(MSG.wholeNumber('Allowed members', 1, 50));
    expect(firstMessage(roomFieldsSchema.safeParse({ ...room, rentAmount: '0x10' }))).toBe(
      MSG.rentAmountFormat(NUMBER_BOUNDS.rentMaxLabel),
    );
    expect(firstMessage(roomFieldsSchema.safeParse({ ...room, rentAmount: '1e5' }))).toBe(MSG.rentAmountFormat(NUMBER_BOUNDS.rentMaxLabel));
    expect(firstMessage(roomFieldsSchema.safeParse({ ...room, rentAmount: '10000000.01' }))).toBe(
      MSG.rentAmountFormat(NUMBER_BOUNDS.rentMaxLabel),
    );
    expect(roomFieldsSchema.parse({ ...room, rentAmount: '10000000' }).rentAmount).toBe(NUMBER_BOUNDS.rentMaxRupees);
  });

  it('bounds the public list filters and paging', () => {
    const min = MSG.rentFilterFormat('Minimum rent', NUMBER_BOUNDS.rentMaxLabel);
    const max = MSG.rentFilterFormat('Maximum rent', NUMBER_BOUNDS.rentMaxLabel);
    expect(firstMessage(propertyListQuerySchema.safeParse({ minRent: '21474836.48' }))).toBe(min);
    expect(firstMessage(propertyListQuerySchema.safeParse({ maxRent: '30000000' }))).toBe(max);
    expect(firstMessage(propertyListQuerySchema.safeParse({ maxRent: '1e308' }))).toBe(max);
    expect(firstMessage(propertyListQuerySchema.safeParse({ page: '0x10' }))).toBe(MSG.wholeNumber('Page', 1, NUMBER_BOUNDS.pageMax));
    expect(firstMessage(propertyListQuerySchema.safeParse({ page: '10001' }))).toBe(MSG.wholeNumber('Page', 1, NUMBER_BOUNDS.pageMax));
    expect(firstMessage(propertyListQuerySchema.safeParse({ limit: ' ' }))).toBeNull();
    expect(propertyListQuerySchema.parse({ limit: ' ' }).limit).toBe(12);
    expect(firstMessage(propertyListQuerySchema.safeParse({ limit: '1e1' }))).toBe(MSG.wholeNumber('Limit', 1, 50));
    expect(propertyListQuerySchema.parse({ minRent: '0', maxRent: '10000000', page: '2' })).toMatchObject({
      minRent: 0,
      maxRent: 10_000_000,
      page: 2,
    });
  });
});
