/**
 * One Hindi glossary (ADR 045): each rental word of Kiraya has one Hindi term, used the same way in the web app's
 * catalogues (`apps/web/src/**\/i18n/hi-IN.json`), the contract's messages (`messages.hi-IN.ts` and the other
 * `*.hi-IN.ts`) and the server's emails, notifications and pages. `glossary.test.ts` reads every one of those files
 * and refuses a text that uses a rejected variant; `docs/hindi-glossary.md` is this table, written out by
 * `glossaryMarkdown()` (the same test keeps the two equal).
 *
 * The words Indians say in English stay English (UPI, UTR, PAN, IFSC, OTP, SMS, साइन इन, अपलोड, प्रॉपर्टी, सेव),
 * in Devanagari where they are said, in Latin letters where they are read as letters.
 */
export type GlossaryTerm = {
  /** The English of the app (the English catalogue's word). */
  en: string;
  /** The one Hindi term. */
  hi: string;
  /** Where it is used. */
  where: string;
  /** Variants a Hindi text must not use for it (matched against every Hindi catalogue text). */
  rejected?: readonly RegExp[];
  /** The rejected variants as a reader would write them, for the table. */
  notes?: string;
};

export const HINDI_GLOSSARY: readonly GlossaryTerm[] = [
  { en: 'rent', hi: 'किराया, किराए (पर, के, से)', where: 'everywhere', rejected: [/किराये(?!दार)/], notes: 'not किराये' },
  { en: 'tenant, tenancy', hi: 'किरायेदार, किरायेदारी', where: 'everywhere', rejected: [/किराएदार/], notes: 'not किराएदार' },
  { en: 'owner', hi: 'मकान मालिक', where: 'everywhere' },
  { en: 'property', hi: 'प्रॉपर्टी', where: 'everywhere', rejected: [/संपत्ति/], notes: 'not संपत्ति' },
  {
    en: 'Rent Bill, Electricity Bill, Water Bill, Gas Bill, Maintenance Bill',
    hi: 'किराया बिल, बिजली बिल, पानी बिल, गैस बिल, मेंटेनेंस बिल',
    where: 'bill types (bills, payments, statistics, emails, notifications)',
    rejected: [/(किराया|किराए|किराये|बिजली|पानी|गैस|मेंटेनेंस) का बिल/],
    notes: 'not किराये का बिल, बिजली का बिल',
  },
  {
    en: 'maintenance (the society charge)',
    hi: 'मेंटेनेंस',
    where: 'Maintenance Bill',
  },
  {
    en: 'maintenance request (a repair)',
    hi: 'मरम्मत का अनुरोध',
    where: 'messages, notifications, landing guide',
    rejected: [/मेंटेनेंस (का )?अनुरोध/],
    notes: 'not मेंटेनेंस अनुरोध (मेंटेनेंस is the society charge)',
  },
  {
    en: 'Billings (the page)',
    hi: 'बिलिंग',
    where: "owner's and tenant's Billings, its back links",
    rejected: [/बिलिंग विवरण/, /बिल का विवरण/, /बिल पेज/, /बिलों पर वापस/],
    notes: 'not बिलिंग विवरण, बिल का विवरण, बिल पेज, बिलों पर वापस',
  },
  { en: 'Billing Details (the room tab)', hi: 'बिल (टैब)', where: 'room card' },
  { en: 'deposit', hi: 'जमा राशि', where: 'deposits, bills, payments (only for the deposit)' },
  {
    en: 'credit (paid beyond the bills)',
    hi: 'क्रेडिट',
    where: 'Pay, payments, emails, notifications',
    rejected: [/जमा शेष/],
    notes: 'not जमा शेष (जमा is the deposit)',
  },
  {
    en: 'Submit',
    hi: 'सबमिट करें',
    where: 'wizards, sign-up, forms',
    rejected: [/^जमा करें$/],
    notes: 'not जमा करें (जमा is the deposit)',
  },
  { en: 'Save', hi: 'सेव करें, सेव हो गया', where: 'every form', rejected: [/सहेज/], notes: 'not सहेजें' },
  { en: 'Sign in', hi: 'साइन इन', where: 'everywhere', rejected: [/लॉग ?इन/], notes: 'not लॉग इन' },
  { en: 'Sign out', hi: 'साइन आउट', where: 'everywhere', rejected: [/लॉग ?आउट/], notes: 'not लॉग आउट' },
  { en: 'Upload', hi: 'अपलोड करें', where: 'bills, documents, photos' },
  {
    en: 'request (an owner offers a room to a tenant); Requests (the page)',
    hi: 'अनुरोध',
    where: "tenant's Requests, Tenant Details, notifications",
  },
  {
    en: 'invitation (an email to someone not on Kiraya yet)',
    hi: 'आमंत्रण',
    where: 'Tenant Details, emails',
    rejected: [/न्योता/, /निमंत्रण/],
    notes: 'not न्योता, निमंत्रण',
  },
  {
    en: 'reversed (a payment taken back)',
    hi: 'वापस लिया गया',
    where: 'payments, receipts, Billings',
  },
  {
    en: 'per month',
    hi: '₹12,000/माह',
    where: 'rents in lists, cards, emails, notifications',
    rejected: [/\/महीना(?!\/)/, /(\d|\)\}|\}) महीना(?!ने)/],
    notes: 'not /महीना, ₹12,000 महीना',
  },
  { en: 'date', hi: 'तारीख़', where: 'everywhere', rejected: [/तारीख(?!़)/], notes: 'not तारीख' },
  { en: 'over, ended', hi: 'ख़त्म', where: 'everywhere', rejected: [/खत्म/], notes: 'not खत्म' },
  { en: 'more, at most', hi: 'ज़्यादा', where: 'everywhere', rejected: [/ज्यादा/], notes: 'not ज्यादा' },
  { en: 'required', hi: 'ज़रूरी', where: 'forms', rejected: [/जरूरी/], notes: 'not जरूरी' },
  {
    en: 'character (of a password, a name, a code)',
    hi: 'कैरेक्टर',
    where: 'length rules',
    rejected: [/(\d|\}|कम से कम|ज़्यादा से ज़्यादा) अक्षर(ों)? (का|की|के)/, /कम से कम \d+ अक्षर/, /\d से \d+ अक्षर/],
    notes: 'not "6 अक्षरों का" (अक्षर is a letter)',
  },
  { en: 'letter', hi: 'अक्षर', where: 'password and name rules' },
  {
    en: 'Fully rented',
    hi: 'सभी कमरे किराए पर',
    where: 'property cards',
    rejected: [/पूरी किराए पर/],
    notes: 'not पूरी किराए पर',
  },
  {
    en: 'record a move-out (Vacate)',
    hi: 'कमरा खाली होना दर्ज करें',
    where: 'Tenant Details, deposits',
    rejected: [/खाली करा(एँ|ना|या|ई|ए)/],
    notes: 'not खाली कराएँ (reads as an eviction)',
  },
  { en: 'late fee', hi: 'विलंब शुल्क', where: 'bills, leases' },
  { en: 'lease', hi: 'किरायानामा', where: 'leases, Tenant Details, My Rooms' },
  { en: 'receipt', hi: 'रसीद', where: 'payments' },
  { en: 'dues', hi: 'बकाया', where: 'bills, homes' },
  { en: 'waive', hi: 'माफ़ करें', where: 'bills' },
  {
    en: 'Manage (a property)',
    hi: 'संभालें',
    where: 'property cards, landing guide',
    rejected: [/Manage/, /सँभाल/],
    notes: 'not Manage, not सँभालें (the button says संभालें)',
  },
];

/** The glossary's rejected variants that a Hindi text uses: [{ term, variant }]. */
export function glossaryViolations(text: string): { term: string; variant: string }[] {
  const found: { term: string; variant: string }[] = [];
  for (const t of HINDI_GLOSSARY)
    for (const re of t.rejected ?? []) {
      const m = re.exec(text);
      if (m) found.push({ term: t.en, variant: m[0] });
    }
  return found;
}

/** docs/hindi-glossary.md, written out from the table above. */
export function glossaryMarkdown(): string {
  const rows = HINDI_GLOSSARY.map((t) => `| ${t.en} | ${t.hi} | ${t.where} | ${t.notes ?? ''} |`);
  return [
    '# Hindi glossary',
    '',
    'One Hindi term for each word of Kiraya (ADR 045). The table is `packages/contract/src/glossary.ts`, written out',
    'here by `glossaryMarkdown()`; `glossary.test.ts` keeps this page equal to it and refuses a Hindi text (web',
    'catalogues, contract messages, server emails, notifications and pages) that uses a rejected variant. To change a',
    'term, change the table, run the test, and paste what it prints here.',
    '',
    'The words Indians say in English stay English: UPI, UTR, PAN, IFSC, OTP, SMS, साइन इन, अपलोड, प्रॉपर्टी, सेव.',
    '',
    '| English | Hindi | Where | Rejected |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
