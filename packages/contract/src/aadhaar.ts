// Verhoeff checksum, as used by UIDAI for Aadhaar numbers (B9).
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

const at = (t: number[][], i: number, j: number): number => (t[i] as number[])[j] as number;

export function verhoeffValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let c = 0;
  const rev = digits.split('').reverse();
  for (let i = 0; i < rev.length; i++) c = at(D, c, at(P, i % 8, Number(rev[i])));
  return c === 0;
}

/** Appends the Verhoeff check digit to a string of digits. */
export function verhoeffComplete(digits: string): string {
  let c = 0;
  const rev = digits.split('').reverse();
  for (let i = 0; i < rev.length; i++) c = at(D, c, at(P, (i + 1) % 8, Number(rev[i])));
  return `${digits}${INV[c]}`;
}

/** Strips the spaces people type between groups ("2345 6789 0123"). */
export const normaliseAadhaar = (s: string): string => s.replace(/[\s-]/g, '');

/** 12 digits, first digit 2-9, valid Verhoeff checksum. */
export const isValidAadhaar = (s: string): boolean => {
  const n = normaliseAadhaar(s);
  return /^[2-9]\d{11}$/.test(n) && verhoeffValid(n);
};

export const maskAadhaar = (last4: string): string => `XXXX XXXX ${last4}`;
/** An Aadhaar number as every answer carries it (ADR 043): "XXXX XXXX 1234"; sent back unchanged, it means "keep mine". */
export const MASKED_AADHAAR_PATTERN = /^XXXX XXXX \d{4}$/;
