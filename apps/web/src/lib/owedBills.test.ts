import type { Bill } from '@kiraya/contract';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { describe, expect, it } from 'vitest';
import { oldestOwedBills } from './owedBills';

type Group = ResponseData<'tenantBills'>[number];
const bill = (id: string, roomId: string, status: Bill['status'] = 'unpaid'): Bill => ({
  _id: id,
  propertyId: 'p1',
  roomId,
  tenantId: 't1',
  billType: 'Rent Bill',
  amount: 100,
  meterReading: null,
  meterPhotos: { current: null, previous: null },
  status,
  paidAmount: 0,
  waivedAmount: 0,
  overdue: false,
});
const group = (id: string, billDate: string, dueDate: string, bills: Bill[]): Group => ({
  _id: id,
  billDate,
  dueDate,
  bills,
  count: bills.length,
  total: 100,
  property: { _id: 'p1', title: 'Sunrise' },
  room: { _id: bills[0]?.roomId ?? 'r1', roomNumber: '101' },
});

describe('the Pay button opens the oldest owed bill', () => {
  it('oldest is the earlier bill date, as a payment settles them, not the earlier due date', () => {
    const groups = [
      group('g2', '2026-10-15', '2026-10-20', [bill('later-billed', 'r1')]),
      group('g1', '2026-10-01', '2026-11-30', [bill('first-billed', 'r1')]),
      group('g0', '2026-09-01', '2026-09-11', [bill('paid', 'r1', 'paid')]),
      group('g3', '2026-11-01', '2026-11-11', [bill('other-room', 'r2', 'partly_paid')]),
    ];
    expect(oldestOwedBills(groups)).toEqual(
      new Map([
        ['r1', 'first-billed'],
        ['r2', 'other-room'],
      ]),
    );
  });
});
