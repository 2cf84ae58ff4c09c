import { SAFETY_ADVICE as CONTRACT_SAFETY_ADVICE } from '@kiraya/contract/moderation';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyWarning, SAFETY_ADVICE, SafetyAdvice } from './SafetyAdvice';

describe('SafetyAdvice (issue 26 item 5)', () => {
  it("says the contract's advice, word for word", () => {
    expect(SAFETY_ADVICE).toBe(CONTRACT_SAFETY_ADVICE);
    render(<SafetyAdvice />);
    expect(screen.getByRole('complementary', { name: 'Safety advice' })).toHaveTextContent(`Stay safe: ${CONTRACT_SAFETY_ADVICE}.`);
  });

  it('marks a message asking for money with words, not colour alone', () => {
    render(<MoneyWarning />);
    expect(screen.getByText(/Warning: this message asks for money/)).toBeVisible();
    expect(screen.getByText(/Warning/).parentElement).toHaveTextContent(CONTRACT_SAFETY_ADVICE);
  });
});
