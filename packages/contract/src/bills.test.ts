import { describe, expect, it } from 'vitest';
import {
  addBillBodySchema,
  addDays,
  billStatus,
  changeBillType,
  defaultDueDate,
  isMeterBillType,
  isOverdue,
  METER_TYPES,
  meterAmount,
  newBillRow,
  removeBillRow,
  unitsConsumed,
} from './bills.js';
import { BILL_TYPES } from './constants.js';
import { MSG } from './messages.js';

const issues = (v: unknown) => {
  const r = addBillBodySchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};
const base = { propertyId: 'p', roomId: 'r', billDate: '2026-01-01' };

describe('bill constants', () => {
  it('has 10 bill types and 3 meter types', () => {
    expect(BILL_TYPES).toHaveLength(10);
    expect(METER_TYPES).toEqual(['Electricity Bill', 'Water Bill', 'Gas Bill']);
    expect(isMeterBillType('Water Bill')).toBe(true);
    expect(isMeterBillType('Rent Bill')).toBe(false);
  });
});

describe('bill entry logic', () => {
  it('units = current − previous, exact to the hundredth; null while incomplete', () => {
    expect(unitsConsumed(1250.5, 1200.25)).toBe(50.25);
    expect(unitsConsumed('0.3', '0.1')).toBe(0.2);
    expect(unitsConsumed('', 10)).toBeNull();
    expect(unitsConsumed('abc', 10)).toBeNull();
  });

  it('amount = units × rate, half-up to 2 decimals; null on a decreasing reading or a missing rate', () => {
    expect(meterAmount({ current: 1350, previous: 1200, ratePerUnit: 8 })).toBe(1200);
    expect(meterAmount({ current: 10.01, previous: 10, ratePerUnit: 0.5 })).toBe(0.01); // 0.005 → 0.01
    expect(meterAmount({ current: 10.01, previous: 10, ratePerUnit: 0.49 })).toBe(0);
    expect(meterAmount({ current: 100, previous: 101, ratePerUnit: 8 })).toBeNull();
    expect(meterAmount({ current: 100, previous: 90, ratePerUnit: '' })).toBeNull();
  });

  it('due date defaults to the bill date + 10 days, across month and leap-year ends', () => {
    expect(defaultDueDate('2026-01-25')).toBe('2026-02-04');
    expect(defaultDueDate('2028-02-25')).toBe('2028-03-06');
    expect(addDays('2026-02-30', 1)).toBeNull();
  });

  it('the first row is a Rent Bill prefilled with the rent; a non-meter type clears the meter reading', () => {
    const row = newBillRow(8500);
    expect(row).toMatchObject({ billType: 'Rent Bill', amount: '8500.00', meterReading: null });
    const meter = changeBillType(row, 'Electricity Bill', 1200);
    expect(meter.meterReading).toEqual({ current: '', previous: '1200', ratePerUnit: '' });
    const back = changeBillType({ ...meter, meterReading: { current: '1300', previous: '1200', ratePerUnit: '8' } }, 'Other');
    expect(back.meterReading).toBeNull();
    expect(back.meterPhotos).toBeNull();
  });

  it('the last row cannot be removed', () => {
    expect(removeBillRow([1], 0)).toBeNull();
    expect(removeBillRow([1, 2, 3], 1)).toEqual([1, 3]);
  });

  it('status and overdue', () => {
    expect(billStatus(1000, 0)).toBe('unpaid');
    expect(billStatus(1000, 1)).toBe('partly_paid');
    expect(billStatus(1000, 1000)).toBe('paid');
    expect(isOverdue('2026-01-10', '2026-01-11', 'partly_paid')).toBe(true);
    expect(isOverdue('2026-01-10', '2026-01-10', 'unpaid')).toBe(false);
    expect(isOverdue('2026-01-10', '2026-02-01', 'paid')).toBe(false);
  });
});

describe('addBillBodySchema', () => {
  it('accepts rent and meter bills; the meter amount may be absent', () => {
    expect(
      issues({
        ...base,
        bills: [
          { billType: 'Rent Bill', amount: 8500 },
          { billType: 'Gas Bill', meterReading: { current: 5, previous: 2, ratePerUnit: '60.5' } },
        ],
      }),
    ).toEqual([]);
  });

  it('gives the spec messages', () => {
    expect(issues({ ...base, billDate: '', bills: [{ billType: 'Rent Bill', amount: 1 }] })).toContain(MSG.billDateRequired);
    expect(issues({ ...base, bills: [{ billType: 'Rent Bill' }] })).toContain(MSG.billDetailsRequired);
    expect(issues({ ...base, bills: [{ billType: 'Water Bill', meterReading: { current: 5, previous: '', ratePerUnit: 1 } }] })).toContain(
      MSG.billDetailsRequired,
    );
    expect(issues({ ...base, bills: [] })).toContain(MSG.billDetailsRequired);
    expect(issues({ ...base, bills: [{ billType: 'Water Bill', meterReading: { current: 4, previous: 5, ratePerUnit: 1 } }] })).toContain(
      MSG.readingDecreased,
    );
    expect(issues({ ...base, bills: [{ billType: 'Rent', amount: 1 }] })).toContain(MSG.billTypeInvalid);
    expect(issues({ ...base, bills: [{ billType: 'Rent Bill', amount: 1.005 }] })).toContain(MSG.billAmountFormat);
    expect(issues({ ...base, dueDate: '2025-12-31', bills: [{ billType: 'Rent Bill', amount: 1 }] })).toContain(MSG.dueBeforeBillDate);
    expect(
      issues({
        ...base,
        bills: [
          { billType: 'Rent Bill', amount: 1 },
          { billType: 'Rent Bill', amount: 2 },
        ],
      }),
    ).toEqual([MSG.rentBillTwice('January 2026')]);
  });

  it('gives each bill in paise and readings in hundredths; a meter amount is computed, a client amount ignored', () => {
    const out = addBillBodySchema.parse({
      ...base,
      bills: [
        { billType: 'Rent Bill', amount: '8,500.50' },
        {
          billType: 'Gas Bill',
          amount: 1,
          meterReading: { current: '1350.5', previous: 1200, ratePerUnit: '8.25' },
          meterPhotos: { current: 'f1' },
        },
      ],
    });
    expect(out.bills).toEqual([
      { billType: 'Rent Bill', amountPaise: 850050, meter: null, meterPhotos: { current: null, previous: null } },
      {
        billType: 'Gas Bill',
        amountPaise: 124163,
        meter: { currentHundredths: 135050, previousHundredths: 120000, ratePaise: 825 },
        meterPhotos: { current: 'f1', previous: null },
      },
    ]);
  });
});
