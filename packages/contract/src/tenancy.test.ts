import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { incomingRequestSchema } from './users.js';
import { requestSchema, sendRequestBodySchema, vacateBodySchema } from './tenancy.js';

describe('tenancy schemas', () => {
  it('vacate: no body or no date means today (an empty object); a date must exist and be written YYYY-MM-DD', () => {
    expect(vacateBodySchema.parse(null)).toEqual({});
    expect(vacateBodySchema.parse(undefined)).toEqual({});
    expect(vacateBodySchema.parse({})).toEqual({});
    expect(vacateBodySchema.parse({ moveOutDate: ' 2024-02-29 ' })).toEqual({ moveOutDate: '2024-02-29' });
    for (const bad of ['2023-02-29', '2025-13-01', '01-02-2025', '2025-1-1', '', 20250101]) {
      const r = vacateBodySchema.safeParse({ moveOutDate: bad });
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.moveOutDateFormat);
    }
  });

  it('send: both ids are required, with a message naming the field', () => {
    const r = sendRequestBodySchema.safeParse({ roomId: '  ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['roomId', 'roomId is required.'],
      ['tenantId', 'tenantId is required.'],
    ]);
  });

  it("incomingRequests are requests: the spec's ownerId.fullName and roomId.roomNumber, with a status", () => {
    expect(incomingRequestSchema).toBe(requestSchema);
    expect(requestSchema.shape.status.options).toEqual(['pending', 'accepted', 'rejected', 'withdrawn']);
  });
});
