import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PAISE,
  MoneyError,
  allocatePayment,
  formatPaise,
  formatRent,
  formatRupees,
  groupIndian,
  groupRupees,
  meteredChargePaise,
  paiseToRupees,
  rupeesToPaise,
  sumPaise,
  tryRupeesToPaise,
} from './money.js';

const paise = fc.integer({ min: 0, max: MAX_PAISE });
/** Digits grouped the Indian way: 1,23,45,678. */
const indian = (n: bigint): string => {
  const s = n.toString();
  if (s.length <= 3) return s;
  const head = s.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${s.slice(-3)}`;
};
const decimalText = (p: number): string => `${BigInt(p) / 100n}.${(BigInt(p) % 100n).toString().padStart(2, '0')}`;

describe('rupeesToPaise', () => {
  it('reads rupee numbers and text exactly', () => {
    expect(rupeesToPaise(1.1)).toBe(110);
    expect(rupeesToPaise(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(rupeesToPaise(1234.5)).toBe(123450);
    expect(rupeesToPaise('1,234.50')).toBe(123450);
    expect(rupeesToPaise('1,23,456.50')).toBe(12345650);
    expect(rupeesToPaise('123,456')).toBe(12345600);
    expect(rupeesToPaise(' ₹ 99 ')).toBe(9900);
    expect(rupeesToPaise('.5')).toBe(50);
    expect(rupeesToPaise('7.')).toBe(700);
    expect(rupeesToPaise('1.500')).toBe(150);
    expect(rupeesToPaise(0)).toBe(0);
  });

  it('refuses what is not a whole number of paise instead of guessing', () => {
    expect(() => rupeesToPaise(1.005)).toThrow('at most two decimals');
    expect(() => rupeesToPaise('1.005')).toThrow(MoneyError);
    expect(() => rupeesToPaise(1e-7)).toThrow('at most two decimals');
    expect(() => rupeesToPaise(-1)).toThrow('cannot be negative');
    expect(() => rupeesToPaise('-1')).toThrow('cannot be negative');
    expect(() => rupeesToPaise(1e21)).toThrow('too large');
    expect(() => rupeesToPaise('99999999999999999')).toThrow('too large');
    for (const bad of ['', '.', 'abc', '1,2', '12,34,5', '1.2.3', '1 000', 'NaN', '0x10', '1e3']) {
      expect(() => rupeesToPaise(bad), bad).toThrow(MoneyError);
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) expect(() => rupeesToPaise(bad)).toThrow('must be a number');
    expect(() => rupeesToPaise(undefined as unknown as string)).toThrow(MoneyError);
    expect(() => rupeesToPaise('x', 'Rent')).toThrow('Rent must be a number.');
    expect(tryRupeesToPaise('1.005')).toBeNull();
    expect(tryRupeesToPaise('2.50')).toBe(250);
  });

  it('round-trips every amount through the API rupee number and through text (property)', () => {
    fc.assert(
      fc.property(paise, (p) => {
        expect(rupeesToPaise(paiseToRupees(p))).toBe(p);
        expect(rupeesToPaise(decimalText(p))).toBe(p);
        expect(rupeesToPaise(`${indian(BigInt(p) / 100n)}.${decimalText(p).slice(-2)}`)).toBe(p);
      }),
    );
  });

  it('rejects any third significant decimal (property)', () => {
    fc.assert(
      fc.property(paise, fc.integer({ min: 1, max: 9 }), (p, digit) => {
        expect(tryRupeesToPaise(`${decimalText(p)}${digit}`)).toBeNull();
      }),
    );
  });
});

describe('paiseToRupees', () => {
  it('gives the rupee number of the API', () => {
    expect(paiseToRupees(12345650)).toBe(123456.5);
    expect(paiseToRupees(1)).toBe(0.01);
    expect(paiseToRupees(-250)).toBe(-2.5);
    expect(() => paiseToRupees(1.5)).toThrow(MoneyError);
  });
});

describe('formatPaise', () => {
  it('formats the en-IN way with the rupee sign', () => {
    expect(formatPaise(12345650)).toBe('₹1,23,456.50');
    expect(formatPaise(0)).toBe('₹0.00');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(100000000)).toBe('₹10,00,000.00');
  });

  it('shows exactly the amount, for every amount (property)', () => {
    fc.assert(
      fc.property(paise, (p) => {
        const shown = formatPaise(p);
        expect(shown.startsWith('₹')).toBe(true);
        expect(rupeesToPaise(shown)).toBe(p);
        expect(shown.replace(/[₹,]/g, '')).toBe(decimalText(p));
      }),
    );
  });
});

describe('formatRupees and formatRent (B25: listings and cards)', () => {
  it('writes ₹ and whole amounts without paise, paise only when there are some', () => {
    expect(formatRupees(18500)).toBe('₹18,500');
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(9000.5)).toBe('₹9,000.50');
    expect(formatRent(18500)).toBe('₹18,500/month');
    expect(formatRent(7200.25)).toBe('₹7,200.25/month');
  });
});

describe('Indian grouping without Intl', () => {
  const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  const plain = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

  it('groups like en-IN', () => {
    expect(groupIndian('0')).toBe('0');
    expect(groupIndian('999')).toBe('999');
    expect(groupIndian('1000')).toBe('1,000');
    expect(groupIndian('123456')).toBe('1,23,456');
    expect(groupIndian('1234567')).toBe('12,34,567');
    expect(groupRupees(12000)).toBe('12,000');
    expect(groupRupees(12000.5)).toBe('12,000.5');
    expect(groupRupees(0.05)).toBe('0.05');
    expect(formatPaise(-123456750)).toBe('-₹12,34,567.50');
  });

  it('matches Intl en-IN for every amount (property)', () => {
    fc.assert(
      fc.property(paise, (p) => {
        expect(formatPaise(p)).toBe(intl.format(p / 100));
        expect(groupRupees(p / 100)).toBe(plain.format(p / 100));
      }),
    );
  });

  it('refuses what is not a rupee amount', () => {
    expect(() => groupRupees(Number.NaN)).toThrow(MoneyError);
    expect(() => groupRupees(1e308)).toThrow(MoneyError);
  });
});

describe('sumPaise', () => {
  it('adds whole paise and refuses anything else', () => {
    expect(sumPaise([])).toBe(0);
    expect(sumPaise([10, 20, 30])).toBe(60);
    expect(() => sumPaise([1, 0.5])).toThrow(MoneyError);
    expect(() => sumPaise([MAX_PAISE, 1])).toThrow('Total');
  });

  it('preserves the total however the amounts are split or ordered (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }), { maxLength: 50 }), fc.integer({ min: 0, max: 50 }), (xs, cut) => {
        const whole = sumPaise(xs);
        expect(sumPaise([sumPaise(xs.slice(0, cut)), sumPaise(xs.slice(cut))])).toBe(whole);
        expect(sumPaise([...xs].reverse())).toBe(whole);
        expect(whole).toBe(Number(xs.reduce((a, b) => a + BigInt(b), 0n)));
      }),
    );
  });
});

describe('meteredChargePaise', () => {
  it('charges (current − previous) × rate, rounded half-up to the paisa', () => {
    expect(meteredChargePaise({ previous: 1200, current: 1350, rate: 8 })).toBe(120000);
    expect(meteredChargePaise({ previous: '1,200.5', current: '1,350.75', rate: '7.5' })).toBe(112688); // 150.25 × 7.50 = 1126.875
    expect(meteredChargePaise({ previous: 0, current: 0.01, rate: 0.5 })).toBe(1); // 0.005 rupees: half-up
    expect(meteredChargePaise({ previous: 0, current: 0.01, rate: 0.49 })).toBe(0); // 0.0049 rupees
    expect(meteredChargePaise({ previous: 10, current: 10, rate: 9.99 })).toBe(0);
  });

  it('refuses a meter that went backwards and inputs with more than two decimals', () => {
    expect(() => meteredChargePaise({ previous: 20, current: 10, rate: 8 })).toThrow('less than the previous');
    expect(() => meteredChargePaise({ previous: 1, current: 2, rate: 8.005 })).toThrow('Rate can have at most two decimals.');
    expect(() => meteredChargePaise({ previous: 1.001, current: 2, rate: 8 })).toThrow('Previous reading');
  });

  it('agrees with exact rational arithmetic and half-up rounding (property)', () => {
    const hundredths = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(hundredths, hundredths, fc.integer({ min: 0, max: 100_000 }), (a, b, rate) => {
        const [prev, cur] = a <= b ? [a, b] : [b, a];
        const charge = meteredChargePaise({ previous: decimalText(prev), current: decimalText(cur), rate: decimalText(rate) });
        // exact = (cur − prev) × rate / 100 paise; half-up means charge − ½ ≤ exact < charge + ½.
        const exact100 = BigInt(cur - prev) * BigInt(rate);
        expect(BigInt(charge) * 100n - 50n <= exact100).toBe(true);
        expect(exact100 < BigInt(charge) * 100n + 50n).toBe(true);
        // Numbers and text give the same answer.
        expect(meteredChargePaise({ previous: prev / 100, current: cur / 100, rate: rate / 100 })).toBe(charge);
      }),
    );
  });
});

describe('allocatePayment', () => {
  const bills = [
    { id: 'mar', owedPaise: 500, date: '2026-03-01' },
    { id: 'jan', owedPaise: 300, date: '2026-01-01' },
    { id: 'feb', owedPaise: 200, date: '2026-02-01' },
  ];

  it('settles the oldest bill first and returns what is left', () => {
    expect(allocatePayment(450, bills)).toEqual({
      allocations: [
        { id: 'jan', paise: 300 },
        { id: 'feb', paise: 150 },
      ],
      remainder: 0,
    });
    expect(allocatePayment(1200, bills)).toEqual({
      allocations: [
        { id: 'jan', paise: 300 },
        { id: 'feb', paise: 200 },
        { id: 'mar', paise: 500 },
      ],
      remainder: 200,
    });
    expect(allocatePayment(0, bills)).toEqual({ allocations: [], remainder: 0 });
    expect(allocatePayment(70, [])).toEqual({ allocations: [], remainder: 70 });
  });

  it('refuses negative or fractional amounts and undated bills', () => {
    expect(() => allocatePayment(-1, bills)).toThrow('Payment cannot be negative.');
    expect(() => allocatePayment(1.5, bills)).toThrow(MoneyError);
    expect(() => allocatePayment(1, [{ id: 'x', owedPaise: -5, date: 0 }])).toThrow('Amount owed cannot be negative.');
    expect(() => allocatePayment(1, [{ id: 'x', owedPaise: 5, date: 'someday' }])).toThrow('valid date');
  });

  it('never allocates more than owed, keeps the total and settles oldest first (property)', () => {
    const bill = fc.record({ owedPaise: fc.integer({ min: 0, max: 10_000_000 }), date: fc.integer({ min: 0, max: 1000 }) });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.array(bill, { maxLength: 20 }), (amount, raw) => {
        const list = raw.map((b, i) => ({ ...b, id: `b${i}` }));
        const { allocations, remainder } = allocatePayment(amount, list);
        const byId = new Map(list.map((b, i) => [b.id, { ...b, i }]));
        // Never more than a bill owes, never zero, each bill once.
        expect(new Set(allocations.map((a) => a.id)).size).toBe(allocations.length);
        for (const a of allocations) {
          expect(a.paise).toBeGreaterThan(0);
          expect(a.paise).toBeLessThanOrEqual(byId.get(a.id)?.owedPaise ?? -1);
        }
        // Nothing is created or lost.
        expect(sumPaise(allocations.map((a) => a.paise)) + remainder).toBe(amount);
        expect(remainder).toBeGreaterThanOrEqual(0);
        const owed = sumPaise(list.map((b) => b.owedPaise));
        expect(remainder).toBe(Math.max(0, amount - owed));
        // Oldest first: allocations are in date order, and every bill before a paid one is fully settled.
        const order = (id: string) => {
          const b = byId.get(id);
          return b ? [b.date, b.i] : [0, 0];
        };
        for (let k = 1; k < allocations.length; k++) {
          const [d0, i0] = order(allocations[k - 1]!.id);
          const [d1, i1] = order(allocations[k]!.id);
          expect(d0! < d1! || (d0 === d1 && i0! < i1!)).toBe(true);
        }
        const paid = new Map(allocations.map((a) => [a.id, a.paise]));
        const last = allocations.at(-1);
        if (last) {
          const [dl, il] = order(last.id);
          for (const b of byId.values()) {
            const older = b.date < dl! || (b.date === dl && b.i < il!);
            if (older) expect(paid.get(b.id) ?? 0).toBe(b.owedPaise);
          }
        }
      }),
    );
  });
});
