import { SAFETY_ADVICE as CONTRACT_SAFETY_ADVICE } from '@kiraya/contract/moderation';
import { act, cleanup, render, screen } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../lib/i18n';
import { useMsg } from '../lib/useMsg';
import { HiddenByKiraya } from './HiddenByKiraya';
import en from './i18n/en-IN.json';
import { MoneyWarning, SafetyAdvice } from './SafetyAdvice';

const hindi = (ui: ReactNode) => (
  <LocaleProvider value="hi-IN">
    <Suspense fallback={null}>{ui}</Suspense>
  </LocaleProvider>
);

// The Hindi catalogues (the shared one and the contract's MSG) load before the Hindi render.
function Warm() {
  useMsg();
  return null;
}
beforeAll(async () => {
  await preloadLocale('hi-IN');
  await act(async () => {
    render(hindi(<Warm />));
    await import('@kiraya/contract/localize');
    await new Promise((r) => setTimeout(r, 0));
  });
  cleanup();
});

describe('SafetyAdvice (issue 26 item 5)', () => {
  it("says the contract's advice, word for word", async () => {
    expect(en['safety.advice']).toBe(CONTRACT_SAFETY_ADVICE);
    render(
      <Suspense fallback={null}>
        <SafetyAdvice />
      </Suspense>,
    );
    expect(await screen.findByRole('complementary', { name: 'Safety advice' })).toHaveTextContent(`Stay safe: ${CONTRACT_SAFETY_ADVICE}.`);
  });

  it('marks a message asking for money with words, not colour alone', async () => {
    render(
      <Suspense fallback={null}>
        <MoneyWarning />
      </Suspense>,
    );
    expect(await screen.findByText(/Warning: this message asks for money/)).toBeVisible();
    expect(screen.getByText(/Warning/).parentElement).toHaveTextContent(CONTRACT_SAFETY_ADVICE);
  });

  it('says it in Hindi, and so does a hidden listing', async () => {
    render(
      hindi(
        <>
          <SafetyAdvice />
          <MoneyWarning />
          <HiddenByKiraya reason="Broker: asked two tenants for a token amount." />
        </>,
      ),
    );
    expect(await screen.findByRole('complementary', { name: 'सुरक्षा सलाह' })).toHaveTextContent(
      'सावधान रहें: कमरा देखे और मकान मालिक से मिले बिना कभी भी कोई जमा राशि या टोकन राशि न दें।',
    );
    expect(screen.getByText('चेतावनी: इस संदेश में पैसे माँगे गए हैं।')).toBeVisible();
    const note = await screen.findByRole('note', { name: 'Kiraya के मॉडरेटरों ने छिपाया है' });
    expect(note).toHaveTextContent('किरायेदार इसे न खोज सकते हैं, न खोल सकते हैं। कारण: Broker: asked two tenants for a token amount.');
    expect(note).toHaveTextContent('अगर आपको लगता है कि यह ग़लती है, तो सपोर्ट को लिखें।');
  });
});
