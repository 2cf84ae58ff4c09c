import { describe, expect, it } from 'vitest';
import { TENANT_TYPE_LABELS } from './constants.js';
import { MSG } from './messages.js';
import { newRoomFieldsSchema, roomFieldsSchema, roomSteps } from './rooms.js';

const valid = {
  roomNumber: '101',
  roomType: '1bhk',
  tenantType: 'Family',
  floor: '1',
  maxOccupancy: '3',
  isFurnitured: 'Furnished',
  hasAttachedBath: 'Attached',
  description: 'Corner room',
  rentAmount: '8500.50',
};
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('room fields (spec 5, Add room)', () => {
  it('parses the wizard values into typed fields', () => {
    expect(roomFieldsSchema.parse(valid)).toEqual({
      roomNumber: '101',
      roomType: '1bhk',
      tenantType: 'Family',
      floor: 1,
      maxOccupancy: 3,
      isFurnitured: true,
      hasAttachedBath: true,
      description: 'Corner room',
      rentAmount: 8500.5,
    });
    expect(roomFieldsSchema.parse({ ...valid, isFurnitured: 'false', hasAttachedBath: 'Not Attached' })).toMatchObject({
      isFurnitured: false,
      hasAttachedBath: false,
    });
  });

  it('each step answers "All fields are required" when something is missing', () => {
    expect(MSG.roomStepRequired).toBe('All fields are required');
    expect(firstMessage(roomSteps[0].safeParse({ roomNumber: '', roomType: '1bhk' }))).toBe(MSG.roomStepRequired);
    expect(firstMessage(roomSteps[1].safeParse({ tenantType: '', floor: '1' }))).toBe(MSG.roomStepRequired);
    expect(firstMessage(roomSteps[1].safeParse({ tenantType: 'Family', floor: '' }))).toBe(MSG.roomStepRequired);
    expect(firstMessage(roomSteps[2].safeParse({ maxOccupancy: '' }))).toBe(MSG.roomStepRequired);
    expect(firstMessage(roomSteps[3].safeParse({ isFurnitured: '', hasAttachedBath: 'Attached' }))).toBe(MSG.roomStepRequired);
    expect(firstMessage(roomSteps[4].safeParse({ description: 'x', rentAmount: '' }))).toBe(MSG.roomStepRequired);
  });

  it('tenant type must be Family, Bachelor or Both; the All option (Both/Any) is stored as Both (B3)', () => {
    for (const t of ['Family', 'Bachelor', 'Both']) expect(roomSteps[1].parse({ tenantType: t, floor: '0' }).tenantType).toBe(t);
    for (const t of ['Both/Any', 'Any', 'All']) expect(roomSteps[1].parse({ tenantType: t, floor: '0' }).tenantType).toBe('Both');
    expect(firstMessage(roomSteps[1].safeParse({ tenantType: 'Couple', floor: '0' }))).toBe(
      "Tenant type must be either 'Family', 'Bachelor', or 'Both'.",
    );
    expect(TENANT_TYPE_LABELS.Both).toBe('Any');
  });

  it('numbers are bounded whole numbers and rent has at most two decimals', () => {
    expect(firstMessage(roomSteps[1].safeParse({ tenantType: 'Family', floor: '1.5' }))).toBe(
      'Floor must be a whole number from -5 to 200.',
    );
    expect(firstMessage(roomSteps[2].safeParse({ maxOccupancy: '0' }))).toBe('Allowed members must be a whole number from 1 to 50.');
    expect(firstMessage(roomSteps[4].safeParse({ description: 'x', rentAmount: '0' }))).toBe(
      'Rent amount must be more than ₹0 and at most ₹1,00,00,000, with at most two decimals.',
    );
    expect(firstMessage(roomSteps[4].safeParse({ description: 'x', rentAmount: '10.005' }))).toBe(
      'Rent amount must be more than ₹0 and at most ₹1,00,00,000, with at most two decimals.',
    );
    expect(roomSteps[4].parse({ description: 'x', rentAmount: 12000 }).rentAmount).toBe(12000);
  });

  it('a new room names its property', () => {
    expect(firstMessage(newRoomFieldsSchema.safeParse({ ...valid, propertyId: '' }))).toBe('propertyId is required.');
  });
});
