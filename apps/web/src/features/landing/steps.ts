import { SCREENSHOTS } from './screenshots';

/**
 * A capture of the real app (B15): an 800 px WebP with a 400 px variant (`srcSet`), written by `npm run walkthrough`.
 * Its alt text is the landing catalogue's `<audience>.<n>.alt` (issue 27: in the page's language).
 */
export type Screenshot = { src: string; srcSet?: string; width: number; height: number };

/** One numbered step of the how-it-works walkthrough (1-based `n`); `screenshot` comes from the capture script (B15). */
export type WalkthroughStep = { n: number; screenshot?: Screenshot };

const withScreenshots = (count: number, shots: readonly Screenshot[]): readonly WalkthroughStep[] =>
  Array.from({ length: count }, (_, i) => {
    const screenshot = shots[i];
    return screenshot ? { n: i + 1, screenshot } : { n: i + 1 };
  });

export type Audience = 'owner' | 'tenant';

/** The owner walkthrough: 15 steps, from sign-up to getting paid. Their words are the landing catalogue's `owner.<n>.*`. */
export const OWNER_STEPS: readonly WalkthroughStep[] = withScreenshots(15, SCREENSHOTS.owner);

/** The tenant walkthrough: 12 steps, from sign-up to paying rent; words in `tenant.<n>.*`. */
export const TENANT_STEPS: readonly WalkthroughStep[] = withScreenshots(12, SCREENSHOTS.tenant);
