import type { PAGE_ERROR_MSG } from './page-errors.js';

/**
 * The error boundaries' texts in Hindi (issue 27, ADR 039). A module of their own, so that page-errors.ts stays
 * small in every page's first script: a Hindi page loads this one as soon as it starts (src/lib/pageErrors.ts),
 * before any error, since a page whose code fails to load can fetch nothing more.
 */
export const PAGE_ERROR_MSG_HI: Record<keyof typeof PAGE_ERROR_MSG, string> = {
  crashedTitle: 'कुछ गड़बड़ हो गई',
  crashedBody: 'यह पेज ठीक से नहीं चल रहा। फिर से कोशिश करें, और बार-बार ऐसा हो तो पेज रीलोड करें।',
  staleTitle: 'Kiraya अपडेट हो गया है',
  staleBody: 'यह पेज लोड नहीं हो सका, शायद इसलिए कि आपके Kiraya खोलने के बाद इसका नया वर्शन आ गया है। नया वर्शन पाने के लिए पेज रीलोड करें।',
  offlineTitle: 'आप ऑफ़लाइन हैं',
  offlineBody: 'यह पेज अभी इस डिवाइस पर सेव नहीं हुआ है। जो पेज आपने पहले खोले थे, वे बिना इंटरनेट के भी खुलते हैं।',
  reload: 'पेज रीलोड करें',
  tryAgain: 'फिर से कोशिश करें',
  home: 'होम पेज पर जाएँ',
};
