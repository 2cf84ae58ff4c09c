import type { BillType } from './entry';

/** A bill as the API returns it (spec 3: Bill item), amounts in rupees with 2 decimals (B10: status). */
export type BillStatus = 'unpaid' | 'partly paid' | 'paid';
export type MeterReading = { current: number; previous: number; unitsConsumed: number; ratePerUnit: number };
export type MeterPhoto = { url: string } | null | undefined;
export type Bill = {
  _id: string;
  propertyId: string;
  roomId: string;
  tenantId: string;
  billType: BillType;
  amount: number;
  status: BillStatus;
  overdue?: boolean;
  dueDate?: string;
  meterReading?: MeterReading | null;
  meterPhotos?: { current?: MeterPhoto; previous?: MeterPhoto } | null;
};
export type BillGroup = { _id: string; billDate: string; dueDate: string; bills: Bill[] };
