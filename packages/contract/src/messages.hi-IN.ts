import type { MessageKey, MSG } from './messages.js';

/**
 * The Hindi of `MSG` (issue 27, ADR 039), keyed by the same names. `MSG` stays the English source (the spec's
 * texts, asserted by tests); this file gives each key its Hindi: a string for a string, and for a function a
 * function of the same parameters. A function may be handed its arguments as strings (when the server or the
 * web app turns an English text it already has back into Hindi, `localize.ts`), so numbers are read with
 * `Number()` before they are compared.
 *
 * Not every key is translated yet: `MSG_HI_PENDING` lists the rest, and `messages.hi-IN.test.ts` fails when a
 * key is in neither, in both, or when a translation loses a placeholder. Translating a key means writing it
 * here and deleting it from the pending list. Rental words: किराया (rent), मकान मालिक (owner), किरायेदार
 * (tenant), बिल, रसीद (receipt), जमा राशि (deposit), बकाया (dues).
 */
export type HindiOf<T> = T extends (...args: infer A) => string ? (...args: A) => string : string;
export type MessageCatalog = { [K in MessageKey]: HindiOf<(typeof MSG)[K]> };

export const MSG_HI: Partial<MessageCatalog> = {
  // Sign-up
  roleRequired: 'आगे बढ़ने के लिए अपनी भूमिका चुनें।',
  allFieldsRequired: 'सभी जानकारी भरना ज़रूरी है।',
  usernameRequired: 'यूज़रनेम ज़रूरी है।',
  usernameTaken: 'यह यूज़रनेम पहले से लिया जा चुका है। कृपया कोई दूसरा चुनें।',
  usernameFormat: 'यूज़रनेम 3 से 30 अक्षरों का हो: अक्षर, अंक, बिंदु, अंडरस्कोर या हाइफ़न।',
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
  loggedOut: 'साइन आउट हो गया',
  logoutFailed: 'साइन आउट नहीं हो सका',
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
  unexpected: 'एक अनचाही गड़बड़ी हुई।',
  // Public listings
  publicListFailed: 'प्रॉपर्टी लोड नहीं हो सकीं। पेज फिर से रीफ़्रेश करें।',
  propertyNotFound: 'प्रॉपर्टी नहीं मिली।',
  pincodeFormat: 'पिनकोड 6 अंकों का नंबर होना चाहिए।',
  roomsNotFound: 'इस प्रॉपर्टी में कोई कमरा नहीं मिला।',
  roomsFetchFailed: 'कमरे लोड नहीं हो सके',
  listingUnavailableTitle: 'यह लिस्टिंग उपलब्ध नहीं है',
  listingUnavailable: 'हो सकता है मकान मालिक ने इसे रोक दिया हो या हटा दिया हो, या लिंक ग़लत लिखा हो। खोज में और कमरे आपका इंतज़ार कर रहे हैं।',
  pageNotFoundTitle: 'पेज नहीं मिला',
  pageNotFound: 'इस पते पर कोई पेज नहीं है। हो सकता है वह कहीं और चला गया हो, या लिंक ग़लत लिखा हो।',
  roomNotFound: 'कमरा नहीं मिला।',
  ownerNumberSaved: 'मकान मालिक का नंबर आपके डैशबोर्ड में सेव हो गया!',
  ownerDetailsUnavailable: 'मकान मालिक की जानकारी उपलब्ध नहीं है!',
  revealsPerDay: (n) =>
    `आज आप ${n} मकान मालिकों के नंबर माँग चुके हैं, जो एक दिन की सीमा है। जो नंबर आपके पास हैं वे Owner Details में रहेंगे; कृपया कल फिर कोशिश करें।`,
  requestSent: 'अनुरोध भेज दिया गया',
  requestSendFailed: 'अनुरोध नहीं भेजा जा सका',
  messageSent: 'संदेश भेज दिया गया',
  messageOwnRoom: 'आप अपने ही कमरे के बारे में पूछताछ नहीं भेज सकते।',
  messageRequired: 'कृपया संदेश लिखें।',
  verifiedOwner: 'सत्यापित मकान मालिक',
  verifiedOwnerHint: 'फ़ोन नंबर और ईमेल पता सत्यापित',
  ownerNotVerified: 'मकान मालिक अभी सत्यापित नहीं',
  // Input rules shared by every text field
  textNotString: (label) => `${label} टेक्स्ट होना चाहिए।`,
  textTooLong: (label, max) => `${label} ज़्यादा से ज़्यादा ${max} अक्षरों का हो सकता है।`,
  wholeNumber: (label, min, max) => `${label} ${min} से ${max} तक की पूर्ण संख्या होनी चाहिए।`,
  rentFilterFormat: (label, max) => `${label} 0 से ${max} रुपये तक की रकम होनी चाहिए, ज़्यादा से ज़्यादा दो दशमलव अंकों के साथ।`,
  // Password reset and email verification
  forgotPasswordSent: 'अगर किसी खाते में यह ईमेल है, तो हमने उस पर पासवर्ड रीसेट करने का लिंक भेज दिया है। यह 30 मिनट तक काम करेगा।',
  resetTokenInvalid: 'यह रीसेट लिंक ग़लत है या इसकी समय-सीमा ख़त्म हो गई है। नया लिंक माँगें।',
  resetTokenRequired: 'रीसेट लिंक में टोकन नहीं है। ईमेल से लिंक फिर से खोलें।',
  passwordReset: 'आपका पासवर्ड रीसेट हो गया है। नए पासवर्ड से साइन इन करें।',
  tooManyResets: 'बहुत ज़्यादा रीसेट अनुरोध। कृपया कुछ मिनट रुककर फिर कोशिश करें।',
  verifyEmailBanner: (email) => `कृपया अपना ईमेल पता सत्यापित करें: हमने ${email} पर एक लिंक भेजा है।`,
  verifyEmailResend: 'फिर से भेजें',
  verifyEmailSent: (email) => `हमने ${email} पर नया सत्यापन लिंक भेजा है। यह 48 घंटे तक काम करेगा।`,
  emailVerified: 'आपका ईमेल पता सत्यापित हो गया है।',
  emailChanged: (email) => `अब आपका ईमेल पता ${email} है।`,
  emailAlreadyVerified: 'आपका ईमेल पता पहले से सत्यापित है।',
  verifyTokenInvalid: 'यह सत्यापन लिंक ग़लत है या इसकी समय-सीमा ख़त्म हो गई है। साइन इन करके नया लिंक माँगें।',
  verifyTokenRequired: 'सत्यापन लिंक में टोकन नहीं है। ईमेल से लिंक फिर से खोलें।',
  tooManyVerifyEmails: 'बहुत ज़्यादा सत्यापन ईमेल। कृपया एक घंटा रुककर फिर कोशिश करें।',
  // The installable app
  offlineWrite: 'आप ऑफ़लाइन हैं: कुछ भी सेव नहीं हुआ। इंटरनेट वापस आने पर फिर कोशिश करें।',
  offlineAsOf: (time) => `ऑफ़लाइन, ${time} तक की जानकारी`,
  newVersionReady: 'नया वर्ज़न तैयार है।',
  reload: 'रीलोड करें',
  localeInvalid: 'Kiraya की कोई भाषा चुनें: en-IN या hi-IN।',
  localeSaved: 'भाषा सेव हो गई',
};
