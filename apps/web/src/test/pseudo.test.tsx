import { MSG } from '@kiraya/contract/messages';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocaleProvider, setMessageTransform } from '../lib/i18n';
import { useMsg } from '../lib/useMsg';
import { CONTRACT_CODES, findUntranslated, xa } from './pseudo';

// The harness itself (issue 27, ADR 039): what it counts as translated, and what it lists.
describe('findUntranslated', () => {
  it('lists plain texts and attributes, and passes rewritten texts, data, names, numbers and foreign-language parts', () => {
    render(
      <div>
        <h1>{xa('Billings')}</h1>
        <p>
          {xa('Rent for ')}Room 101{xa(' is due')}
        </p>
        <p>₹1,23,456.50 · 12/2026</p>
        <p>Kiraya</p>
        <button type="button" lang="en-IN">
          English
        </button>
        <button type="button" aria-label="Close">
          ×
        </button>
        <img alt={xa('Photo')} src="x.png" />
        <input placeholder="Search city" />
        <p>Pay now</p>
      </div>,
    );
    const found = findUntranslated(document.body, ['Room 101']);
    expect(found.map((f) => f.text)).toEqual(['Pay now', 'Close', 'Search city']);
    expect(found[1]?.where).toBe('<button> aria-label');
    expect(screen.getByRole('heading')).toHaveTextContent('⟦Ɓîļļîñĝš⟧');
  });

  it("does not count the contract's codes and English labels as data: shown as they came, they are listed", () => {
    expect(CONTRACT_CODES.has('Electricity Bill')).toBe(true);
    expect(CONTRACT_CODES.has('partly_paid')).toBe(true);
    expect(CONTRACT_CODES.has('UPI direct')).toBe(true);
    const { container } = render(
      <div>
        <p>Electricity Bill</p>
        <p>{xa('Water Bill')}</p>
        <p>Lotus Homes</p>
      </div>,
    );
    const data = ['Lotus Homes', 'Water Bill', 'Electricity Bill'].filter((s) => !CONTRACT_CODES.has(s));
    expect(findUntranslated(container, data).map((f) => f.text)).toEqual(['Electricity Bill']);
  });

  it('counts a text shown through useMsg() as translated only when the contract has its Hindi (an MSG text)', async () => {
    setMessageTransform(xa);
    function Texts() {
      const msg = useMsg();
      return (
        <div>
          <p>{msg(MSG.unexpected)}</p>
          <p>{msg('roomId is required.')}</p>
        </div>
      );
    }
    const { container, findByText } = render(
      <LocaleProvider value="en-XA">
        <Suspense fallback={null}>
          <Texts />
        </Suspense>
      </LocaleProvider>,
    );
    await findByText(xa(MSG.unexpected));
    expect(findUntranslated(container).map((f) => f.text)).toEqual(['roomId is required.']);
  });
});

afterEach(() => setMessageTransform(null));
