/** Stubbed answers that do not match the contract's response schema (test/support.tsx), reported by setup.ts after each test. */
export const contractDrift: string[] = [];
