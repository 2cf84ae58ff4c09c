import { formatLongDate } from './dates.js';
import type { MessageKey, MSG } from './messages.js';

/**
 * The Hindi of `MSG` (issue 27, ADR 039), keyed by the same names. `MSG` stays the English source (the spec's
 * texts, asserted by tests); this file gives each key its Hindi: a string for a string, and for a function a
 * function of the same parameters. A function may be handed its arguments as strings (when the server or the
 * web app turns an English text it already has back into Hindi, `localize.ts`), so numbers are read with
 * `Number()` before they are compared, and an argument that is an English word Kiraya itself wrote (a field's
 * label, a bill type, a request's status, a date "1 November 2026") is put into Hindi here (`word`, `day`).
 *
 * Every key is translated: `messages.hi-IN.test.ts` fails when a key of `MSG` has no Hindi or when a
 * translation loses a placeholder (there is no pending list any more). Rental words as in the glossary of
 * issue 27: किराया (rent), मकान मालिक (owner), किरायेदार (tenant), बिल, रसीद (receipt), जमा राशि (deposit),
 * बकाया (dues), जमा शेष (credit), विलंब शुल्क (late fee), किरायानामा (lease), माफ़ करें (waive). Screens are
 * named as the Hindi web app names them: "मेरे कमरे" (My Rooms), "अनुरोध" (Requests), प्रोफ़ाइल (Profile).
 */
export type HindiOf<T> = T extends (...args: infer A) => string ? (...args: A) => string : string;
export type MessageCatalog = { [K in MessageKey]: HindiOf<(typeof MSG)[K]> };

/** The contract's bill types (constants.ts) in Hindi, for texts the server writes (emails, notifications). */
export const BILL_TYPE_HI: Record<string, string> = {
  'Rent Bill': 'किराया बिल',
  'Electricity Bill': 'बिजली बिल',
  'Water Bill': 'पानी का बिल',
  'Gas Bill': 'गैस बिल',
  'Maintenance Bill': 'मेंटेनेंस बिल',
  'Internet and Cable Bill': 'इंटरनेट और केबल बिल',
  'Security Bill': 'सिक्योरिटी बिल',
  'Property Tax': 'प्रॉपर्टी टैक्स',
  'Parking Fee': 'पार्किंग शुल्क',
  Other: 'अन्य',
  'Late Fee': 'विलंब शुल्क',
  Deposit: 'जमा राशि',
};

/** The ways of paying (offline-payments.ts, PAYMENT_METHOD_LABELS' keys) in Hindi. */
export const PAYMENT_METHOD_HI: Record<string, string> = {
  card: 'कार्ड',
  upi_gateway: 'UPI (गेटवे)',
  netbanking: 'नेटबैंकिंग',
  wallet: 'वॉलेट',
  online: 'ऑनलाइन',
  upi_direct: 'सीधे UPI',
  cash: 'नकद',
  bank_transfer: 'बैंक ट्रांसफ़र',
  cheque: 'चेक',
  deposit: 'जमा राशि से',
};

/** The email categories (mail.ts) in Hindi: the unsubscribe page and the emails' footers. */
export const EMAIL_CATEGORY_HI: Record<string, string> = {
  reminders: 'किराया रिमाइंडर',
  payments: 'भुगतान और बिल',
  messages: 'संदेश',
  invitations: 'अनुरोध और आमंत्रण',
  summaries: 'रोज़ का सारांश',
};

/**
 * English words Kiraya passes into its own messages (field labels of the contract's schemas, items deleted,
 * request statuses, email categories as the unsubscribe answer writes them, a few phrases the web app passes):
 * their Hindi. Anything else (a name, an amount, a file name) is left as it is.
 */
const WORDS_HI: Record<string, string> = {
  ...BILL_TYPE_HI,
  // Field labels (fields.ts, properties.ts, rooms.ts, payments, deposits, payouts, chat)
  'Account holder name': 'खाताधारक का नाम',
  Address: 'पता',
  'Allowed members': 'रहने वाले सदस्य',
  Amenities: 'सुविधाएँ',
  City: 'शहर',
  Description: 'विवरण',
  Floor: 'मंज़िल',
  Landmark: 'लैंडमार्क',
  Limit: 'सीमा',
  'Maximum rent': 'अधिकतम किराया',
  'Minimum rent': 'न्यूनतम किराया',
  Message: 'संदेश',
  Note: 'नोट',
  Page: 'पेज',
  Reason: 'कारण',
  Reference: 'रेफ़रेंस',
  'Room number': 'कमरा नंबर',
  'Room type': 'कमरे का प्रकार',
  'Search text': 'खोज का टेक्स्ट',
  State: 'राज्य',
  Street: 'गली/सड़क',
  Title: 'शीर्षक',
  'Your reason': 'आपका कारण',
  // Things deleted
  Property: 'प्रॉपर्टी',
  Room: 'कमरा',
  Bill: 'बिल',
  Document: 'दस्तावेज़',
  // Email categories, lower-cased as the unsubscribe answer writes them
  'rent reminders': EMAIL_CATEGORY_HI.reminders as string,
  'payments and bills': EMAIL_CATEGORY_HI.payments as string,
  messages: EMAIL_CATEGORY_HI.messages as string,
  'requests and invitations': EMAIL_CATEGORY_HI.invitations as string,
  'daily summary': EMAIL_CATEGORY_HI.summaries as string,
  // Phrases standing for a date
  next: 'अगले महीने',
  'this month': 'इस महीने',
  earlier: 'पहले',
  'the end of the term': 'अवधि के अंत',
  'the new date': 'नई तारीख़',
};

/** An English word or label Kiraya wrote, in Hindi; anything else unchanged. */
export const word = (s: unknown): string => {
  const t = String(s);
  return WORDS_HI[t] ?? t;
};

const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const EN_MONTH_RE = new RegExp(`\\b(${EN_MONTHS.join('|')})\\b`, 'g');
let hiMonths: string[] | undefined;
const hiMonth = (i: number): string => {
  hiMonths ??= EN_MONTHS.map((_, m) => formatLongDate(`2000-${String(m + 1).padStart(2, '0')}-01`, 'hi-IN').split(' ')[1] as string);
  return hiMonths[i] as string;
};

/**
 * A day or a month as an argument may come: "2026-11-01", "1 November 2026", "November 2026", or a phrase the
 * web app passes ("next"), in Hindi: "1 नवंबर 2026", "नवंबर 2026", "अगले महीने".
 */
export const day = (s: unknown): string => {
  const t = String(s);
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return formatLongDate(t, 'hi-IN');
  return WORDS_HI[t] ?? t.replace(EN_MONTH_RE, (m) => hiMonth(EN_MONTHS.indexOf(m)));
};

/** Feminine nouns among the words above (the verb agrees: "प्रॉपर्टी हटा दी गई", "कमरा हटा दिया गया"). */
const FEMININE = new Set(['प्रॉपर्टी', 'जमा राशि', 'सुविधाएँ']);

/** A request's status (tenancy.ts REQUEST_STATUSES), as "it was …". */
const REQUEST_STATUS_HI: Record<string, string> = {
  pending: 'यह अभी बाकी है',
  accepted: 'यह स्वीकार हो चुका है',
  rejected: 'यह अस्वीकार हो चुका है',
  withdrawn: 'यह वापस लिया जा चुका है',
};

export const MSG_HI: MessageCatalog = {
  // Sign-up
  roleRequired: 'आगे बढ़ने के लिए अपनी भूमिका चुनें।',
  allFieldsRequired: 'सभी जानकारी भरना ज़रूरी है।',
  usernameRequired: 'यूज़रनेम ज़रूरी है।',
  usernameTaken: 'यह यूज़रनेम पहले से लिया जा चुका है। कृपया कोई दूसरा चुनें।',
  usernameFormat: 'यूज़रनेम 3 से 30 अक्षरों का हो: अक्षर, अंक, बिंदु, अंडरस्कोर या हाइफ़न।',
  usernameAvailable: 'यह यूज़रनेम उपलब्ध है।',
  fullNameRequired: 'पूरा नाम ज़रूरी है।',
  fullNameFormat: 'पूरा नाम 2 से 100 अक्षरों का हो: अक्षर, स्पेस, बिंदु, अपॉस्ट्रॉफ़ी या हाइफ़न।',
  emailFormat: 'कृपया सही ईमेल पता लिखें।',
  phoneFormat: 'कृपया देश कोड के साथ या 10 अंकों का सही फ़ोन नंबर लिखें।',
  aadhaarFormat: 'आधार नंबर 12 अंकों का सही नंबर होना चाहिए।',
  aadhaarChecksum: 'यह सही आधार नंबर नहीं है। कृपया हर अंक अपने आधार कार्ड से मिलाएँ।',
  aadhaarWhy:
    'Kiraya आधार इसलिए माँगता है ताकि मकान मालिक और किरायेदार जानें कि हर खाता एक असली व्यक्ति का है। यह एन्क्रिप्ट करके रखा जाता है; दूसरों को सिर्फ़ XXXX XXXX और आख़िरी 4 अंक दिखते हैं।',
  addressRequired: 'पता ज़रूरी है।',
  passwordFormat: 'पासवर्ड कम से कम 6 अक्षरों का हो और उसमें कम से कम एक अक्षर और एक अंक हो।',
  passwordsDoNotMatch: 'दोनों पासवर्ड मेल नहीं खाते।',
  emailRequired: 'ईमेल ज़रूरी है।',
  passwordRequired: 'पासवर्ड ज़रूरी है।',
  emailTaken: 'इस ईमेल से एक खाता पहले से बना है।',
  phoneTaken: 'इस फ़ोन नंबर से एक खाता पहले से बना है।',
  aadhaarTaken: 'इस आधार नंबर से एक खाता पहले से बना है।',
  signInForPage: 'वह पेज खोलने के लिए साइन इन करें। साइन इन के बाद आप वहीं लौट आएँगे।',
  signInForPhone: 'मकान मालिक का फ़ोन नंबर देखने के लिए किरायेदार के रूप में साइन इन करें। साइन इन के बाद आप इसी लिस्टिंग पर लौट आएँगे।',
  signInForMessage: 'मकान मालिक को संदेश भेजने के लिए किरायेदार के रूप में साइन इन करें। साइन इन के बाद आप इसी लिस्टिंग पर लौट आएँगे।',
  // Sign-in
  invalidCredentials: 'ईमेल या पासवर्ड ग़लत है',
  loginFailed: 'साइन इन नहीं हो सका। कृपया फिर से कोशिश करें।',
  invalidRole: 'भूमिका सही नहीं है। कृपया सहायता से संपर्क करें।',
  loginSuccess: 'साइन इन हो गया',
  signupSuccess: 'साइन अप हो गया!',
  signupFailed: 'साइन अप नहीं हो सका। कृपया फिर से कोशिश करें।',
  tooManyLogins: 'इस खाते में बहुत बार ग़लत साइन इन हुआ है। कृपया एक मिनट रुककर फिर कोशिश करें।',
  tooManySignups: 'इस नेटवर्क से बहुत ज़्यादा साइन अप हुए हैं। कृपया एक घंटे बाद कोशिश करें।',
  tooManyAvailabilityChecks: 'इस नेटवर्क से बहुत ज़्यादा जाँच हुई हैं। कृपया एक घंटे बाद कोशिश करें।',
  emailAvailable: 'यह ईमेल इस्तेमाल किया जा सकता है।',
  phoneAvailable: 'यह फ़ोन नंबर इस्तेमाल किया जा सकता है।',
  tooManyRequests: 'बहुत ज़्यादा अनुरोध। कृपया थोड़ा रुककर फिर कोशिश करें।',
  // Profile
  profileUpdated: 'प्रोफ़ाइल अपडेट हो गई',
  profileLoadFailed: 'आपकी जानकारी लोड नहीं हो सकी',
  profileUpdateFailed: 'प्रोफ़ाइल अपडेट नहीं हो सकी',
  loggedOut: 'लॉग आउट हो गया',
  logoutFailed: 'लॉग आउट नहीं हो सका',
  roleCannotChange: 'आपकी भूमिका बदली नहीं जा सकती।',
  currentPasswordWrong: 'आपका मौजूदा पासवर्ड सही नहीं है।',
  passwordChanged: 'पासवर्ड बदल गया। आपके बाकी डिवाइस से लॉग आउट कर दिया गया है।',
  // Session and generic server answers
  unauthorized: 'जारी रखने के लिए साइन इन करें।',
  sessionExpired: 'आपका सत्र समाप्त हो गया है। कृपया फिर से साइन इन करें।',
  forbidden: 'आपको यह करने की अनुमति नहीं है।',
  ownersOnly: 'यह सिर्फ़ मकान मालिक कर सकते हैं।',
  tenantsOnly: 'यह सिर्फ़ किरायेदार कर सकते हैं।',
  foreignOrigin: 'यह अनुरोध ऐसी साइट से आया है जिस पर Kiraya भरोसा नहीं करता।',
  notFound: 'माँगी गई चीज़ नहीं मिली।',
  internal: 'हमारी तरफ़ से कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  serviceUnavailable: 'सेवा अभी उपलब्ध नहीं है। कृपया थोड़ी देर में फिर कोशिश करें।',
  invalidInput: 'आपकी भेजी कुछ जानकारी सही नहीं है।',
  badUrl: 'इस अनुरोध का पता सही नहीं है।',
  alreadyExists: 'यह पहले से मौजूद है।',
  // Properties
  propertyStepRequired: 'सभी जानकारी भरना ज़रूरी है',
  propertyTypeRequired: 'कृपया सभी ज़रूरी जानकारी भरें',
  propertySubmitted: 'प्रॉपर्टी सफलतापूर्वक जोड़ दी गई',
  propertyUpdated: 'जानकारी अपडेट हो गई!',
  propertyAddFailed: 'नई प्रॉपर्टी नहीं जोड़ी जा सकी',
  propertyDeleteFailed: 'प्रॉपर्टी हटाई नहीं जा सकी। कृपया फिर से कोशिश करें।',
  propertyLoadFailed: 'प्रॉपर्टी की जानकारी लोड नहीं हो सकी',
  propertyUpdateFailed: 'प्रॉपर्टी अपडेट नहीं हो सकी',
  noPropertiesOwner: 'अभी कोई प्रॉपर्टी नहीं जोड़ी गई है! कृपया नई प्रॉपर्टी जोड़ें।',
  publicListFailed: 'प्रॉपर्टी लोड नहीं हो सकीं। पेज फिर से रीफ़्रेश करें।',
  propertyNotFound: 'प्रॉपर्टी नहीं मिली।',
  propertyHasOccupiedRoom: 'इस प्रॉपर्टी का एक कमरा किराए पर है। इसे हटाने से पहले उसके किरायेदारों से कमरा खाली कराएँ।',
  pincodeFormat: 'पिनकोड 6 अंकों का नंबर होना चाहिए।',
  // Images
  imageType: 'सिर्फ़ JPG, PNG और WEBP फ़ोटो अपलोड की जा सकती हैं',
  imageSize: 'फ़ोटो का साइज़ 5MB से कम होना चाहिए',
  imageRequired: 'कृपया कम से कम एक फ़ोटो अपलोड करें',
  imageAtLeastOne: 'कम से कम एक फ़ोटो ज़रूरी है।',
  imageTooMany: 'आप ज़्यादा से ज़्यादा 10 फ़ोटो अपलोड कर सकते हैं।',
  imageUnreadable: 'यह फ़ोटो पढ़ी नहीं जा सकी। कृपया कोई दूसरी फ़ाइल चुनें।',
  uploadUnreadable: 'अपलोड की गई फ़ाइल पढ़ी नहीं जा सकी।',
  imageNotPhoto: (name) => `"${name}" कोई JPG, PNG या WebP फ़ोटो नहीं है।`,
  imageNamed: (name, message) => `"${name}": ${message}`,
  formAlreadySent: 'यह फ़ॉर्म पहले ही भेजा जा चुका है; देखने के लिए पेज रीफ़्रेश करें।',
  idempotencyKeyInvalid: 'Idempotency-Key हेडर में 1 से 100 तक छापने लायक ASCII अक्षर होने चाहिए।',
  idempotencyKeyReused: 'यह Idempotency-Key किसी दूसरे फ़ॉर्म के लिए पहले ही इस्तेमाल हो चुकी है।',
  imagePixels: 'फ़ोटो ज़्यादा से ज़्यादा 25 मेगापिक्सल की हो सकती है (जैसे 6000 × 4000)। कृपया छोटी फ़ोटो चुनें।',
  imageRateLimited: 'आपने कम समय में बहुत सारी फ़ोटो अपलोड की हैं। कृपया कुछ मिनट रुककर फिर कोशिश करें।',
  documentType: 'सिर्फ़ PDF, JPG और PNG फ़ाइलें अपलोड की जा सकती हैं',
  documentSize: 'फ़ाइल का साइज़ 10MB से कम होना चाहिए',
  documentPixels: 'स्कैन किया गया या फ़ोटो खींचा गया दस्तावेज़ ज़्यादा से ज़्यादा 25 मेगापिक्सल का हो सकता है (जैसे 6000 × 4000)। कृपया छोटी इमेज या PDF चुनें।',
  // Rooms
  roomStepRequired: 'सभी जानकारी भरना ज़रूरी है',
  tenantTypeInvalid: 'किरायेदार का प्रकार चुनें: परिवार, बैचलर या कोई भी।',
  roomSubmitted: 'कमरा सफलतापूर्वक जोड़ दिया गया',
  roomAddFailed: 'नया कमरा नहीं जोड़ा जा सका',
  roomsNotFound: 'इस प्रॉपर्टी में कोई कमरा नहीं मिला।',
  roomsFetchFailed: 'कमरे लोड नहीं हो सके',
  listingUnavailableTitle: 'यह लिस्टिंग उपलब्ध नहीं है',
  listingUnavailable: 'हो सकता है मकान मालिक ने इसे रोक दिया हो या हटा दिया हो, या लिंक ग़लत लिखा हो। खोज में और कमरे आपका इंतज़ार कर रहे हैं।',
  pageNotFoundTitle: 'पेज नहीं मिला',
  pageNotFound: 'इस पते पर कोई पेज नहीं है। हो सकता है वह कहीं और चला गया हो, या लिंक ग़लत लिखा हो।',
  roomNotFound: 'कमरा नहीं मिला।',
  roomOccupied: 'यह कमरा किराए पर है। इसे हटाने से पहले किरायेदार से कमरा खाली कराएँ।',
  roomNumberTaken: 'इस प्रॉपर्टी में इस नंबर का कमरा पहले से है।',
  roomUpdated: 'कमरा अपडेट हो गया',
  // Generic
  deleted: (item) => {
    const what = String(item) === 'Other' ? 'अन्य बिल' : word(item);
    return `${what} सफलतापूर्वक हटा ${FEMININE.has(what) ? 'दी गई' : 'दिया गया'}`;
  },
  unexpected: 'एक अनचाही गड़बड़ी हुई।',
  // Properties and rooms lifecycle
  propertyPaused: 'लिस्टिंग रोक दी गई। अब यह खोज में नहीं दिखेगी।',
  propertyResumed: 'लिस्टिंग फिर से चालू है।',
  imageNotOwned: 'हटाने के लिए चुनी गई एक फ़ोटो इस लिस्टिंग की नहीं है।',
  roomStatusUpdated: 'कमरे की स्थिति अपडेट हो गई',
  roomStatusOccupied: 'किराए पर दिए गए कमरे की स्थिति तभी बदलती है जब उसके किरायेदार मकान खाली करते हैं।',
  // Public listings and reaching the owner
  ownerNumberSaved: 'मकान मालिक का नंबर आपके डैशबोर्ड में सेव हो गया!',
  ownerDetailsUnavailable: 'मकान मालिक की जानकारी उपलब्ध नहीं है!',
  noOwnerDetails: 'अभी किसी मकान मालिक की जानकारी नहीं है।',
  revealsPerDay: (n) =>
    `आज आप ${n} मकान मालिकों के नंबर माँग चुके हैं, जो एक दिन की सीमा है। जो नंबर आपके पास हैं वे "मकान मालिक की जानकारी" में रहेंगे; कृपया कल फिर कोशिश करें।`,
  ownerContactFetched: 'मकान मालिक की जानकारी मिल गई',
  noRecentViews: 'आपने हाल में कोई प्रॉपर्टी नहीं देखी है।',
  viewRecorded: 'देखी गई प्रॉपर्टी दर्ज हो गई',
  noOneAsked: 'अभी किसी किरायेदार ने आपका नंबर नहीं माँगा है।',
  // Requests and tenancies
  requestSent: 'अनुरोध भेज दिया गया',
  requestSendFailed: 'अनुरोध नहीं भेजा जा सका',
  requestAccepted: 'स्वीकार किया गया',
  requestRejected: 'अस्वीकार किया गया',
  requestAcceptFailed: 'स्वीकार नहीं किया जा सका',
  noRequests: 'कोई अनुरोध नहीं है',
  requestWithdrawn: 'अनुरोध वापस ले लिया गया',
  requestNotFound: 'अनुरोध नहीं मिला।',
  inviteeNotFound: 'इस आईडी का कोई किरायेदार नहीं मिला।',
  inviteeNotTenant: 'कमरे के लिए सिर्फ़ किरायेदारों को आमंत्रित किया जा सकता है।',
  inviteeIsTenantHere: 'ये किरायेदार पहले से इसी कमरे में रहते हैं।',
  requestRoomNotVacant: 'यह कमरा खाली नहीं है। किरायेदार को सिर्फ़ खाली कमरा ही दिया जा सकता है।',
  requestRoomPaused: 'यह लिस्टिंग रुकी हुई है। किरायेदार को आमंत्रित करने से पहले इसे फिर से चालू करें।',
  requestAlreadyPending: 'इस किरायेदार के लिए इस कमरे का एक अनुरोध पहले से बाकी है।',
  requestNotPending: (status) => `यह अनुरोध अब बाकी नहीं है (${REQUEST_STATUS_HI[String(status)] ?? `स्थिति: ${status}`})।`,
  requestRoomTaken: 'यह कमरा अब उपलब्ध नहीं है: इसे किसी दूसरे किरायेदार को दे दिया गया है या लिस्टिंग से हटा लिया गया है।',
  requestSentDone: 'अनुरोध किरायेदार को भेज दिया गया।',
  requestAcceptedDone: 'आपने अनुरोध स्वीकार कर लिया। कमरा अब "मेरे कमरे" में है।',
  requestRejectedDone: 'आपने अनुरोध अस्वीकार कर दिया।',
  requestWithdrawnDone: 'अनुरोध वापस ले लिया गया।',
  roomVacated: 'किरायेदार ने मकान खाली कर दिया है और कमरा फिर से खाली है।',
  roomNotOccupied: 'इस कमरे में कोई किरायेदार नहीं है जिससे कमरा खाली कराया जाए।',
  moveOutDateFormat: 'कृपया मकान खाली करने की सही तारीख़ लिखें।',
  moveOutBeforeMoveIn: (moveIn) => `मकान खाली करने की तारीख़ रहना शुरू करने की तारीख़ (${day(moveIn)}) से पहले की नहीं हो सकती।`,
  moveOutTooFar: 'मकान खाली करने की तारीख़ आज से ज़्यादा से ज़्यादा एक साल आगे की हो सकती है।',
  moveOutScheduled: (d) => `मकान खाली करना दर्ज हो गया। किरायेदार ${day(d)} तक रहेंगे; उसी दिन कमरा खाली हो जाएगा।`,
  noTenantRooms: 'कोई कमरा नहीं मिला',
  // Input rules shared by every text field
  textNotString: (label) => `${word(label)} टेक्स्ट होना चाहिए।`,
  textControlChars: (label, multiline = false) =>
    multiline
      ? `${word(label)} में ऐसे अक्षर हैं जिनकी अनुमति नहीं है (कंट्रोल कैरेक्टर)। अक्षर, अंक, विराम चिह्न, स्पेस और नई पंक्ति का इस्तेमाल करें।`
      : `${word(label)} कंट्रोल कैरेक्टर के बिना एक ही पंक्ति का टेक्स्ट होना चाहिए।`,
  textTooLong: (label, max) => `${word(label)} ज़्यादा से ज़्यादा ${max} अक्षरों का हो सकता है।`,
  amenityTooLong: (max) => `हर सुविधा ज़्यादा से ज़्यादा ${max} अक्षरों की हो सकती है।`,
  amenitiesTooMany: (max) => `आप ज़्यादा से ज़्यादा ${max} सुविधाएँ लिख सकते हैं।`,
  wholeNumber: (label, min, max) => `${word(label)} ${min} से ${max} तक की पूर्ण संख्या होनी चाहिए।`,
  rentAmountFormat: (max) => `किराये की रकम ₹0 से ज़्यादा और ज़्यादा से ज़्यादा ₹${max} हो, दशमलव के बाद अधिकतम दो अंक।`,
  rentFilterFormat: (label, max) => `${word(label)} 0 से ${max} रुपये तक की रकम होनी चाहिए, दशमलव के बाद अधिकतम दो अंक।`,
  // Bills
  billDateRequired: 'कृपया बिल की तारीख़ चुनें',
  billDetailsRequired: 'कृपया सभी ज़रूरी जानकारी भरें',
  addTenantFirst: 'कृपया पहले किरायेदार जोड़ें',
  rentBillExists: (month, d, amount) =>
    `${day(month)} का किराया बिल पहले से है (${day(d)} का, ${word(amount)})। दूसरा जोड़ने के बजाय उसी बिल को बदलें।`,
  rentBillTwice: (month) => `एक महीने में एक ही किराया बिल हो सकता है: इस अपलोड में ${day(month)} के दो हैं।`,
  cantRemoveAllBills: 'आप सभी बिल नहीं हटा सकते',
  billsUploaded: 'बिल सफलतापूर्वक अपलोड हो गए',
  billsUploadFailed: 'बिल अपलोड नहीं हो सके। कृपया फिर से कोशिश करें।',
  billDeleteFailed: 'बिल हटाया नहीं जा सका। कृपया फिर से कोशिश करें।',
  photoUploadFailed: 'फ़ोटो अपलोड नहीं हो सकी।',
  noPhoto: 'कोई फ़ोटो नहीं है',
  noBillingData: 'बिलिंग की कोई जानकारी नहीं है',
  meterPhotoUploaded: (which) =>
    `${({ current: 'मौजूदा', previous: 'पिछली' } as Record<string, string>)[String(which)] ?? which} मीटर फ़ोटो सफलतापूर्वक अपलोड हो गई`,
  billDeleted: 'बिल सफलतापूर्वक हटा दिया गया',
  billWaived: 'बिल की बाकी रकम माफ़ कर दी गई',
  billInOpenOrder:
    'आपके किरायेदार ने इस बिल का भुगतान शुरू कर दिया है। अगर आप इसे बदलते या हटाते हैं, तो नई रकम से ज़्यादा जो वे चुकाएँगे, वह इस कमरे के लिए उनके जमा शेष में रहेगा।',
  billNotWaivable: 'सिर्फ़ आंशिक भुगतान वाले बिल की बाकी रकम माफ़ की जा सकती है। जिस बिल पर कुछ नहीं चुकाया गया, उसे बदलें या हटाएँ।',
  waiveConfirm: (owed) => `इस बिल पर बाकी ${owed} माफ़ करें? किरायेदार को यह अब नहीं चुकाना होगा। यह वापस नहीं बदला जा सकता।`,
  billUpdated: 'बिल सफलतापूर्वक अपडेट हो गया',
  dueDateFormat: 'कृपया सही देय तिथि चुनें।',
  dueBeforeBillDate: 'देय तिथि बिल की तारीख़ से पहले की नहीं हो सकती।',
  billTypeInvalid: 'कृपया सूची में से बिल का कोई प्रकार चुनें।',
  billAmountFormat: 'रकम ₹0 से ज़्यादा रुपयों में हो, दशमलव के बाद अधिकतम दो अंक।',
  meterValueFormat: 'मीटर रीडिंग और दर 0 या उससे ज़्यादा की संख्या हों, दशमलव के बाद अधिकतम दो अंक।',
  readingDecreased: 'मौजूदा रीडिंग पिछली रीडिंग से कम नहीं हो सकती।',
  tooManyBills: 'आप एक बार में ज़्यादा से ज़्यादा 20 बिल अपलोड कर सकते हैं।',
  billNotFound: 'बिल नहीं मिला।',
  billLocked: 'इस बिल का भुगतान हो चुका है (पूरा या आंशिक), इसलिए इसे अब बदला या हटाया नहीं जा सकता।',
  meterPhotoNotFound: 'मीटर की फ़ोटो नहीं मिली।',
  meterPhotoRequired: 'कृपया अपलोड करने के लिए मीटर की फ़ोटो चुनें।',
  // Payments
  paymentAmountInvalid: 'कृपया 0 से ज़्यादा की सही रकम लिखें',
  roomInfoMissing: 'कमरे की जानकारी नहीं है',
  paymentUnavailable: 'भुगतान सेवा अभी उपलब्ध नहीं है। कृपया बाद में कोशिश करें।',
  paySummaryFetched: 'बकाया की जानकारी मिल गई',
  creditFetched: 'जमा शेष की जानकारी मिल गई',
  creditRefunded: 'रिफ़ंड दर्ज हो गया',
  refundReferenceRequired: 'कृपया रिफ़ंड का रेफ़रेंस लिखें (UPI ट्रांज़ैक्शन आईडी, UTR या चेक नंबर)।',
  refundTooHigh: (credit) => `आप ज़्यादा से ज़्यादा ${credit} रिफ़ंड कर सकते हैं, जो इस कमरे का जमा शेष है।`,
  noCredit: 'इस कमरे का कोई जमा शेष नहीं है जिसे रिफ़ंड किया जाए।',
  paymentsOff: 'Kiraya पर अभी ऑनलाइन भुगतान उपलब्ध नहीं है। कृपया अपने मकान मालिक को सीधे भुगतान करें (UPI, बैंक ट्रांसफ़र या नकद)।',
  // Rent paid outside the gateway
  offlineMethodInvalid: 'भुगतान कैसे किया गया, चुनें: नकद, UPI, बैंक ट्रांसफ़र या चेक।',
  paidOnInvalid: 'कृपया भुगतान की तारीख़ लिखें (YYYY-MM-DD)।',
  paidOnFuture: 'भुगतान की तारीख़ आज के बाद की नहीं हो सकती।',
  paidOnBeforeTenancy: (moveIn) => `भुगतान की तारीख़ किरायेदारी शुरू होने (${day(moveIn)}) से पहले की नहीं हो सकती।`,
  utrInvalid: 'UPI ट्रांज़ैक्शन का रेफ़रेंस (UTR) 12 अंकों का होता है।',
  chequeNumberRequired: 'कृपया चेक नंबर लिखें।',
  duplicateReference: (reference) =>
    `रेफ़रेंस ${reference} वाला भुगतान आपके कमरों के लिए पहले से दर्ज है। हर UTR या चेक सिर्फ़ एक बार दर्ज किया जा सकता है।`,
  offlineTooHigh: (owed) => `आप ज़्यादा से ज़्यादा ${owed} दर्ज कर सकते हैं, जितना इस कमरे का बकाया है।`,
  paymentRecorded: 'भुगतान दर्ज हो गया',
  paymentReported: 'भुगतान की सूचना भेज दी गई। आपके मकान मालिक इसकी पुष्टि करेंगे।',
  reportsFetched: 'भुगतान की सूचनाएँ मिल गईं',
  reportNotFound: 'भुगतान की सूचना नहीं मिली।',
  reportAlreadyDecided: 'इस भुगतान सूचना की पहले ही पुष्टि हो चुकी है या इसे अस्वीकार किया जा चुका है।',
  reportConfirmed: 'भुगतान की पुष्टि हो गई',
  reportRejected: 'भुगतान की सूचना अस्वीकार कर दी गई',
  reportStatusInvalid: "स्थिति 'pending', 'confirmed' या 'rejected' होनी चाहिए।",
  reasonRequired: 'कृपया कारण बताएँ।',
  paymentReversed: 'भुगतान रद्द कर दिया गया',
  alreadyReversed: 'यह भुगतान पहले ही रद्द किया जा चुका है।',
  reversalCreditRefunded: (refunded) =>
    `इस भुगतान में से ${refunded} पहले ही जमा शेष के रिफ़ंड के रूप में किरायेदार को लौटाए जा चुके हैं, इसलिए इसे रद्द नहीं किया जा सकता।`,
  gatewayNotReversible: 'कार्ड और गेटवे से हुए UPI भुगतान यहाँ रद्द नहीं किए जा सकते; उनका रिफ़ंड पेमेंट गेटवे से होता है।',
  depositNotReversible: 'जमा राशि से रखी गई रकम जमा राशि के निपटारे में ठीक की जाती है, यहाँ नहीं।',
  reversalWindowClosed: (days) => `भुगतान दर्ज करने के ${days} दिनों के अंदर ही उसे रद्द किया जा सकता है।`,
  vpaFormat: 'कृपया सही UPI आईडी लिखें (जैसे name@okhdfcbank)।',
  vpaOwnersOnly: 'UPI आईडी सिर्फ़ मकान मालिक जोड़ते हैं: किरायेदार उसी पर किराया भेजते हैं।',
  noOwnerVpa: 'आपके मकान मालिक ने अभी UPI आईडी नहीं जोड़ी है। किसी और तरीके से भुगतान करें और उनसे इसे दर्ज करने को कहें।',
  sandboxNoMoney: 'सैंडबॉक्स: कोई पैसा नहीं कटा',
  invalidRoomData: 'कमरे की जानकारी सही नहीं है',
  roomDetailsFetchFailed: 'आपके कमरे की जानकारी नहीं मिल सकी। कृपया बाद में कोशिश करें।',
  billsFetchFailed: 'आपके बिल लोड नहीं हो सके। कृपया बाद में कोशिश करें।',
  paymentVerifyFailed: 'भुगतान की जाँच नहीं हो सकी। कृपया सहायता से संपर्क करें।',
  paymentNotConfirmed:
    'आपका भुगतान हो गया है, लेकिन Kiraya अभी इसकी पुष्टि नहीं कर सका। कुछ ही मिनटों में यह "मेरे कमरे" में दिखेगा। कृपया दोबारा भुगतान न करें।',
  paymentWindowClosed: 'भुगतान विंडो बंद हो गई',
  paymentInitFailed: 'भुगतान शुरू नहीं हो सका',
  paymentSuccessful: 'भुगतान हो गया!',
  paymentMinimum: 'कम से कम ₹1 का भुगतान होना चाहिए।',
  paymentBelowGatewayMinimum: (owed) =>
    `सिर्फ़ ${owed} बकाया है, जो ऑनलाइन भुगतान की न्यूनतम रकम ₹1 से कम है। यह आपके अगले भुगतान में जुड़ जाएगा, या आपके मकान मालिक इसे माफ़ कर सकते हैं।`,
  paymentTooHigh: (owed) => `आप ज़्यादा से ज़्यादा ${owed} चुका सकते हैं, जितना इस कमरे का बकाया है।`,
  nothingOwed: 'इस कमरे पर कुछ बकाया नहीं है: हर बिल चुकाया जा चुका है।',
  paymentFailed: 'भुगतान नहीं हो सका। कोई पैसा नहीं कटा; कृपया फिर से कोशिश करें।',
  orderNotFound: 'भुगतान ऑर्डर नहीं मिला।',
  paymentNotFound: 'भुगतान नहीं मिला।',
  rentPeriodFormat: 'महीना (YYYY-MM) या वित्त वर्ष (FY2026-27) चुनें।',
  rentNothingPaid: 'इस अवधि के लिए कुछ नहीं चुकाया गया।',
  panFormat: 'PAN 10 अक्षरों का होना चाहिए: 5 अक्षर, 4 अंक और एक अक्षर (जैसे ABCDE1234F)।',
  panOwnersOnly: 'PAN सिर्फ़ मकान मालिक जोड़ते हैं (यह उनके किरायेदारों की किराया रसीदों पर छपता है)।',
  roomTenantNotFound: 'यह व्यक्ति इस कमरे का किरायेदार नहीं है।',
  paymentWebhookOff: 'भुगतान का वेबहुक सेट नहीं है।',
  orderCreated: 'भुगतान ऑर्डर बन गया',
  paymentsFetched: 'भुगतान की जानकारी मिल गई',
  receiptFetched: 'रसीद मिल गई',
  // Documents
  noDocuments: 'कोई दस्तावेज़ अपलोड नहीं किया गया है',
  uploadDocuments: 'दस्तावेज़ अपलोड करें',
  documentRequired: 'कृपया अपलोड करने के लिए PDF, JPG या PNG फ़ाइल चुनें।',
  documentUploaded: 'दस्तावेज़ अपलोड हो गया',
  documentDeleted: 'दस्तावेज़ हटा दिया गया',
  documentNotFound: 'दस्तावेज़ नहीं मिला।',
  documentDeleteOwnOnly: 'दस्तावेज़ सिर्फ़ वही व्यक्ति हटा सकता है जिसने उसे अपलोड किया है।',
  documentUploadFailed: 'दस्तावेज़ अपलोड नहीं हो सका। कृपया फिर से कोशिश करें।',
  // Statistics and billings
  statisticsFetchFailed: 'आँकड़े लोड नहीं हो सके। कृपया बाद में कोशिश करें।',
  noStatisticsOwner: 'अभी कोई बिल नहीं है। किसी कमरे में किरायेदार जोड़ें और बिल अपलोड करें: कुल बिल, वसूली गई रकम और बकाया यहाँ दिखेंगे।',
  noStatisticsTenant: 'अभी कोई बिल नहीं है। जब आपके मकान मालिक बिल अपलोड करेंगे, तो महीने के हिसाब से आपका खर्च और आगे क्या देना है, यहाँ दिखेगा।',
  noBillsMatch: 'इन फ़िल्टर से कोई बिल नहीं मिला।',
  noPaymentsReceived: 'अभी कोई भुगतान नहीं मिला है।',
  nothingDue: 'कुछ बकाया नहीं है। आपके सभी बिल चुकाए जा चुके हैं।',
  noBillsYet: 'अभी कोई बिल नहीं है, इसलिए कुछ बकाया नहीं है।',
  exportKindInvalid: "एक्सपोर्ट के लिए चुनें: बिल ('bills') या भुगतान ('payments')।",
  monthFormat: 'महीना YYYY-MM के रूप में चुनें।',
  billingsPropertyInvalid: 'अपनी प्रॉपर्टी में से कोई एक चुनें।',
  billingsRoomInvalid: 'अपने कमरों में से कोई एक चुनें।',
  // Messages and notifications
  messageRequired: 'कृपया संदेश लिखें।',
  maintenanceFlag: 'maintenance की वैल्यू true या false होनी चाहिए।',
  threadNotFound: 'बातचीत नहीं मिली।',
  earlierMessagesNotFound: 'पुराने संदेश नहीं मिले। बातचीत फिर से लोड करके कोशिश करें।',
  threadClosed: 'यह बातचीत बंद हो चुकी है: अब आप इस कमरे के किरायेदार नहीं हैं।',
  messageNoTenant: 'इस कमरे में अभी कोई किरायेदार नहीं है जिसे संदेश भेजा जाए।',
  messageOwnRoom: 'आप अपने ही कमरे के बारे में पूछताछ नहीं भेज सकते।',
  messageSent: 'संदेश भेज दिया गया',
  noMessagesFromTenant: 'किरायेदार का कोई संदेश नहीं है',
  noConversations: 'अभी कोई बातचीत नहीं है',
  notificationNotFound: 'सूचना नहीं मिली।',
  tooManyLiveStreams: 'बहुत सारे पेज खुले हैं। एक बंद करके फिर कोशिश करें।',
  // Leases and the rent cycle
  leaseTermsInvalid: 'किरायानामे की शर्तों में किराया, जमा राशि, देय दिन, शुरू होने की तारीख़, अवधि, बढ़ोतरी, नोटिस और विलंब शुल्क होने चाहिए।',
  leaseTermsUnknownField: 'किरायानामे की शर्तों में ऐसी जानकारी है जिसे Kiraya नहीं पहचानता।',
  leaseRent: 'मासिक किराया कम से कम ₹1 हो, दशमलव के बाद अधिकतम दो अंक।',
  leaseDeposit: 'जमा राशि ₹0 या उससे ज़्यादा हो, दशमलव के बाद अधिकतम दो अंक।',
  leaseDepositTooHigh: 'जमा राशि ज़्यादा से ज़्यादा 10 महीने के किराये के बराबर हो सकती है।',
  leaseDepositWarning:
    'यह जमा राशि 2 महीने के किराये से ज़्यादा है, जो रहने के मकानों के लिए आदर्श किरायेदारी अधिनियम (Model Tenancy Act) की सीमा है। फिर भी आप इसे रख सकते हैं।',
  leaseRentDueDay: 'किराया देने का दिन 1 से 28 तक की पूर्ण संख्या होनी चाहिए।',
  leaseStartDate: 'किरायानामा शुरू होने की तारीख़ सही होनी चाहिए (YYYY-MM-DD)।',
  leaseStartTooFar: 'किरायानामा आज से एक साल के अंदर शुरू होना चाहिए।',
  leaseStartDateFixed: 'चल रही किरायेदारी के किरायानामे की शुरुआत की तारीख़ बदली नहीं जा सकती।',
  leaseTermMonths: 'अवधि 1 से 120 महीनों तक की पूर्ण संख्या होनी चाहिए।',
  leaseIncrement: 'सालाना बढ़ोतरी 0 से 50 प्रतिशत तक हो, दशमलव के बाद अधिकतम दो अंक।',
  leaseNoticeMonths: 'नोटिस अवधि 0 से 12 महीनों तक की पूर्ण संख्या होनी चाहिए।',
  leaseLateFeeKind: "विलंब शुल्क { kind: 'flat', amount } या { kind: 'percent', percent } होना चाहिए, या कोई शुल्क न हो तो null।",
  leaseLateFeeAmount: 'विलंब शुल्क कम से कम ₹0.01 हो, दशमलव के बाद अधिकतम दो अंक।',
  leaseLateFeeTooHigh: 'तय विलंब शुल्क ज़्यादा से ज़्यादा एक महीने के किराये के बराबर हो सकता है।',
  leaseLateFeePercent: 'विलंब शुल्क का प्रतिशत 0 से ज़्यादा और ज़्यादा से ज़्यादा 25 हो, दशमलव के बाद अधिकतम दो अंक।',
  leaseGraceDays: 'छूट के दिन 0 से 60 तक की पूर्ण संख्या होनी चाहिए।',
  leaseNothingToChange: 'बदलने को कुछ नहीं है: कम से कम एक शर्त भेजें।',
  leaseNoTenancy: 'इस कमरे में अभी कोई किरायेदार नहीं है, इसलिए बदलने को कोई किरायानामा नहीं है।',
  leaseTermsSaved: (from) => `किरायानामे की शर्तें सेव हो गईं। ये ${day(from)} के किराये से लागू होंगी।`,
  autoRentFlag: 'enabled की वैल्यू true या false होनी चाहिए।',
  autoRentOn: 'अपने-आप किराया चालू है: हर देय दिन से पहले Kiraya किराया बिल बना देगा।',
  autoRentOff: 'अपने-आप किराया बंद है: किराया बिल ख़ुद अपलोड करें।',
  lateFeeNotFound: 'विलंब शुल्क नहीं मिला।',
  lateFeeNothingOwed: 'यह विलंब शुल्क पहले ही निपट चुका है: माफ़ करने को कुछ नहीं है।',
  lateFeeWaived: 'विलंब शुल्क माफ़ कर दिया गया।',
  leaseFetched: 'किरायानामा मिल गया',
  // Lease end and renewal
  renewalProposed: 'नवीनीकरण का प्रस्ताव भेज दिया गया। किरायेदार अपने कमरे के पेज पर इसे स्वीकार या अस्वीकार कर सकते हैं।',
  renewalOpenAlready: 'एक नवीनीकरण पहले से किरायेदार के जवाब का इंतज़ार कर रहा है। दूसरा प्रस्ताव भेजने से पहले उसे वापस लें।',
  renewalNoneOpen: 'कोई नवीनीकरण जवाब का इंतज़ार नहीं कर रहा है।',
  renewalAccepted: (endsOn) => `नवीनीकरण स्वीकार हो गया। नई अवधि ${day(endsOn)} को ख़त्म होगी।`,
  renewalDeclined: 'नवीनीकरण अस्वीकार कर दिया गया। आपके मकान मालिक को बता दिया गया है।',
  renewalWithdrawn: 'नवीनीकरण वापस ले लिया गया।',
  renewalLeaving: 'इस किरायेदारी में मकान खाली करने की तारीख़ पहले से तय है, इसलिए इसका नवीनीकरण नहीं हो सकता।',
  renewalStale: 'यह नवीनीकरण प्रस्तावित होने के बाद किरायानामा बदल गया। अपने मकान मालिक से इसे फिर से प्रस्तावित करने को कहें।',
  renewalTermOver: 'यह अवधि पहले ही ख़त्म हो चुकी है। इसकी जगह किरायानामे की शर्तें बदलें।',
  renewalBodyInvalid: 'नवीनीकरण में अवधि (महीने), किराया, बढ़ोतरी, नोटिस, विलंब शुल्क और जमा राशि होनी चाहिए।',
  leaseEndScheduled: (on) => `किरायानामा ${day(on)} को ख़त्म होगा: मकान खाली करने की तारीख़ तय हो गई है और किरायेदार को बता दिया गया है।`,
  leaseEndingAlready: 'इस किरायेदारी में मकान खाली करने की तारीख़ पहले से तय है।',
  // Security deposits
  depositFetched: 'जमा राशि की जानकारी मिल गई',
  depositNoTenancy: 'इस कमरे में कोई किरायेदारी नहीं है, इसलिए कोई जमा राशि नहीं है।',
  depositNotVacating: 'जमा राशि का निपटारा किरायेदार के मकान खाली करते समय करें: पहले मकान खाली करना दर्ज करें ("खाली कराएँ")।',
  depositNothingHeld: 'आपके पास कुछ जमा नहीं है: जमा राशि चुकाई नहीं गई थी, इसलिए निपटाने को कुछ नहीं है।',
  depositAlreadySettled: 'इस जमा राशि का निपटारा पहले ही हो चुका है।',
  depositSumMismatch: (held, total) => `कटौतियाँ और रिफ़ंड मिलाकर जमा राशि (${held}) के बराबर होने चाहिए; अभी इनका जोड़ ${total} है।`,
  depositDeductionKind: 'कटौती का प्रकार चुनें: नुकसान, सफ़ाई, बकाया बिल या अन्य।',
  depositDeductionReason: 'कृपया हर कटौती का कारण बताएँ।',
  depositDeductionAmount: 'कटौती ₹0 से ज़्यादा हो, दशमलव के बाद अधिकतम दो अंक।',
  depositDeductionsMax: 'ज़्यादा से ज़्यादा 20 कटौतियाँ हो सकती हैं।',
  depositPhotosMax: 'हर कटौती के लिए ज़्यादा से ज़्यादा 5 फ़ोटो।',
  depositPhotoInvalid: 'कटौती की एक फ़ोटो आपकी अपलोड की हुई नहीं है। कृपया उसे फिर से अपलोड करें।',
  depositPhotoRequired: 'कृपया एक फ़ोटो चुनें।',
  depositPhotoNotFound: 'फ़ोटो नहीं मिली।',
  depositRefundAmount: 'रिफ़ंड ₹0 या उससे ज़्यादा हो, दशमलव के बाद अधिकतम दो अंक।',
  depositRefundMethod: 'रिफ़ंड कैसे दिया गया, चुनें: नकद, UPI, बैंक ट्रांसफ़र या चेक।',
  depositRefundDate: 'कृपया रिफ़ंड देने की तारीख़ लिखें।',
  depositRefundDateFuture: 'रिफ़ंड की तारीख़ आज के बाद की नहीं हो सकती।',
  depositRefundReference: 'रेफ़रेंस एक पंक्ति में ज़्यादा से ज़्यादा 100 अक्षरों का हो सकता है।',
  depositNettingDepositOwed:
    'जमा राशि का बिल ख़ुद पूरा नहीं चुकाया गया है: बकाया बिलों को जमा राशि से काटने से पहले "बिल का विवरण" में उसकी बाकी रकम माफ़ करें।',
  depositUnpaidBillsTooMuch: (owed) => `बकाया बिलों की कटौती ज़्यादा से ज़्यादा उतनी हो सकती है जितना किरायेदार पर बकाया है (${owed})।`,
  depositSettled: 'जमा राशि का निपटारा हो गया। आप दोनों निपटारे का विवरण खोल सकते हैं।',
  depositNotSettled: 'इस जमा राशि का अभी निपटारा नहीं हुआ है।',
  depositDeductionNotFound: 'कटौती नहीं मिली।',
  depositDisputeText: 'कृपया बताएँ कि आप इस कटौती से असहमत क्यों हैं।',
  depositAlreadyDisputed: 'आप इस कटौती पर पहले ही आपत्ति जता चुके हैं।',
  depositDisputed: 'आपकी आपत्ति कमरे की बातचीत में आपके मकान मालिक को भेज दी गई।',
  // Payouts through Razorpay Route
  payoutHolderRequired: 'खाताधारक का नाम वैसे ही लिखें जैसा बैंक में दर्ज है।',
  payoutAccountNumber: 'खाता नंबर 9 से 18 अंकों का होना चाहिए।',
  payoutAccountNumbersDiffer: 'दोनों खाता नंबर मेल नहीं खाते।',
  payoutIfsc: 'IFSC 11 अक्षरों का होना चाहिए: 4 अक्षर, फिर 0, फिर 6 अक्षर या अंक (जैसे HDFC0001234)।',
  payoutPanRequired: 'अपना PAN लिखें: पेआउट भेजने के लिए Razorpay को इसकी ज़रूरत है।',
  payoutAccountSaved: 'पेआउट खाता सेव हो गया। पहले पेआउट से पहले Razorpay इसकी जाँच करेगा।',
  payoutAccountFetched: 'पेआउट खाते की जानकारी मिल गई',
  payoutsFetched: 'पेआउट की जानकारी मिल गई',
  payoutsChecked: 'पेआउट की स्थिति जाँच ली गई।',
  payoutsUnavailable: 'पेआउट अभी उपलब्ध नहीं हैं। कुछ मिनट बाद कोशिश करें।',
  payoutAccountChangedTitle: 'आपका पेआउट बैंक खाता बदल दिया गया',
  payoutAccountChangedBody: (last4) =>
    `पेआउट अब उस खाते में जाएँगे जिसके आख़िरी अंक ${last4} हैं। अगर यह बदलाव आपने नहीं किया, तो अपना पासवर्ड बदलें और Kiraya से संपर्क करें।`,
  payoutAccountActivatedTitle: 'पेआउट चालू हो गए',
  payoutAccountActivatedBody: 'Razorpay ने आपका पेआउट खाता चालू कर दिया: ऑनलाइन किराया अब आपके बैंक खाते में पहुँचेगा।',
  // Email, password reset, preferences
  forgotPasswordSent: 'अगर किसी खाते में यह ईमेल है, तो हमने उस पर पासवर्ड रीसेट करने का लिंक भेज दिया है। यह 30 मिनट तक काम करेगा।',
  resetTokenInvalid: 'यह रीसेट लिंक ग़लत है या इसकी समय-सीमा ख़त्म हो गई है। नया लिंक माँगें।',
  resetTokenRequired: 'रीसेट लिंक में टोकन नहीं है। ईमेल से लिंक फिर से खोलें।',
  passwordReset: 'आपका पासवर्ड रीसेट हो गया है। नए पासवर्ड से साइन इन करें।',
  tooManyResets: 'बहुत ज़्यादा रीसेट अनुरोध। कृपया कुछ मिनट रुककर फिर कोशिश करें।',
  emailPrefsSaved: 'ईमेल सेटिंग सेव हो गईं।',
  emailPrefsFetched: 'ईमेल सेटिंग मिल गईं',
  unsubscribeInvalid: 'यह अनसब्सक्राइब लिंक सही नहीं है।',
  unsubscribed: (category) =>
    `अब आपको ${String(category) === 'these' ? 'ये' : `${word(category)} वाले`} ईमेल नहीं मिलेंगे। आप इन्हें प्रोफ़ाइल में फिर से चालू कर सकते हैं।`,
  devMailboxFetched: 'डेवलपमेंट मेलबॉक्स मिल गया',
  // Inviting someone not on Kiraya by email
  emailInviteSent: (email) => `${email} को आमंत्रण भेज दिया गया। यह 14 दिन तक मान्य है; साइन अप करके पता पक्का करने के बाद यह उनके "अनुरोध" में दिखेगा।`,
  emailInviteToAccount: 'यह ईमेल पहले से Kiraya के एक किरायेदार का है, इसलिए आमंत्रण उनके खाते में भेज दिया गया: यह उनके "अनुरोध" में इंतज़ार कर रहा है।',
  emailInviteAlreadyPending: 'इस ईमेल के लिए इस कमरे का एक आमंत्रण पहले से बाकी है।',
  emailInvitesPerDay: (n) => `आज आप ${n} ईमेल आमंत्रण भेज चुके हैं, जो एक दिन की सीमा है। कृपया कल फिर कोशिश करें।`,
  emailInviteNotFound: 'आमंत्रण नहीं मिला।',
  emailInviteNotPending: 'यह आमंत्रण अब बाकी नहीं है।',
  emailInviteCancelled: 'आमंत्रण रद्द कर दिया गया।',
  emailInvitesFetched: 'ईमेल आमंत्रण मिल गए',
  // Email verification and verified owners
  verifyEmailBanner: (email) => `कृपया अपना ईमेल पता सत्यापित करें: हमने ${email} पर एक लिंक भेजा है।`,
  verifyEmailResend: 'फिर से भेजें',
  verifyEmailSent: (email) => `हमने ${email} पर नया सत्यापन लिंक भेजा है। यह 48 घंटे तक काम करेगा।`,
  emailVerified: 'आपका ईमेल पता सत्यापित हो गया है।',
  emailChanged: (email) => `अब आपका ईमेल पता ${email} है।`,
  emailAlreadyVerified: 'आपका ईमेल पता पहले से सत्यापित है।',
  verifyTokenInvalid: 'यह सत्यापन लिंक ग़लत है या इसकी समय-सीमा ख़त्म हो गई है। साइन इन करके नया लिंक माँगें।',
  verifyTokenRequired: 'सत्यापन लिंक में टोकन नहीं है। ईमेल से लिंक फिर से खोलें।',
  tooManyVerifyEmails: 'बहुत ज़्यादा सत्यापन ईमेल। कृपया एक घंटा रुककर फिर कोशिश करें।',
  emailChangePending: (email) => `हमने ${email} पर एक लिंक भेजा है। उसे खोलने पर ही आपका ईमेल पता बदलेगा; तब तक यह पहले जैसा रहेगा।`,
  phoneCodeFormat: 'SMS में आया 6 अंकों का कोड लिखें।',
  phoneCodeSent: (masked) => `हमने ${masked} पर 6 अंकों का कोड भेजा है। यह 10 मिनट तक काम करेगा।`,
  phoneCodeWrong: (left) => `यह कोड सही नहीं है। ${left} ${Number(left) === 1 ? 'कोशिश बाकी है' : 'कोशिशें बाकी हैं'}।`,
  phoneCodeExpired: 'इस कोड की समय-सीमा ख़त्म हो गई है या यह इस्तेमाल हो चुका है। नया कोड माँगें।',
  phoneCodeNone: 'पहले कोड माँगें।',
  tooManyPhoneCodes: 'बहुत ज़्यादा कोड माँगे गए हैं। कृपया रुककर बाद में कोशिश करें।',
  phoneVerified: 'आपका फ़ोन नंबर सत्यापित हो गया है।',
  phoneAlreadyVerified: 'आपका फ़ोन नंबर पहले से सत्यापित है।',
  smsOff: 'अभी SMS नहीं भेजे जा सकते, इसलिए फ़ोन नंबर सत्यापित नहीं हो सकते। कृपया बाद में कोशिश करें।',
  verifiedOwner: 'सत्यापित मकान मालिक',
  verifiedOwnerHint: 'फ़ोन नंबर और ईमेल पता सत्यापित',
  ownerNotVerified: 'मकान मालिक अभी सत्यापित नहीं',
  verifyPhoneIntro:
    'SMS से भेजे गए कोड से अपना फ़ोन नंबर सत्यापित करें। जिन मकान मालिकों का फ़ोन और ईमेल सत्यापित है, उनकी लिस्टिंग पर "सत्यापित मकान मालिक" का बैज दिखता है।',
  // The installable app and Web Push
  pushKeyFetched: 'पुश कुंजी मिल गई',
  pushSubscribed: 'इस डिवाइस पर पुश सूचनाएँ चालू हैं।',
  pushUnsubscribed: 'इस डिवाइस पर पुश सूचनाएँ बंद हैं।',
  pushEndpointInvalid: 'इस ब्राउज़र ने ऐसा पुश पता दिया है जिसे Kiraya इस्तेमाल नहीं कर सकता।',
  pushKeysInvalid: 'इस ब्राउज़र ने ऐसी पुश कुंजियाँ दी हैं जिन्हें Kiraya इस्तेमाल नहीं कर सकता।',
  pushNotSupported: 'यह ब्राउज़र पुश सूचनाएँ नहीं दिखा सकता।',
  pushDenied: 'इस ब्राउज़र में Kiraya की सूचनाएँ ब्लॉक हैं। साइट सेटिंग में इन्हें अनुमति दें, फिर कोशिश करें।',
  offlineWrite: 'आप ऑफ़लाइन हैं: कुछ भी सेव नहीं हुआ। इंटरनेट वापस आने पर फिर कोशिश करें।',
  offlineAsOf: (time) => `ऑफ़लाइन, ${day(time)} तक की जानकारी`,
  newVersionReady: 'नया वर्ज़न तैयार है।',
  // Languages
  localeInvalid: 'Kiraya की कोई भाषा चुनें: en-IN या hi-IN।',
  localeSaved: 'भाषा सेव हो गई',
  reload: 'रीलोड करें',
};
