/**
 * The most common passwords that the password rule would otherwise let through (B29; NIST SP 800-63B,
 * 5.1.1.2: compare new passwords against a list of commonly used ones). Only entries that hold a letter and
 * a number and have 6+ characters are listed: the rule already refuses the rest.
 *
 * List as of 29 November 2026, drawn from:
 * - SecLists, Passwords/Common-Credentials/10k-most-common.txt (Daniel Miessler et al., MIT licence),
 *   the entries that meet the rule, in the list's order;
 * - the India entries of NordPass's yearly "Top 200 most common passwords" (2022 to 2024), which put
 *   "Password@123", "India@123" and the like near the top once symbols are allowed.
 * Compared without regard to case, so "Password1" and "PASSWORD1" are refused like "password1".
 */
export const COMMON_PASSWORDS_AS_OF = '2026-11-29';

const LIST = `
abc123 trustno1 ncc1701 thx1138 jordan23 eagle1 123abc test123 passw0rd 1q2w3e 1q2w3e4r hello1 money1 123qwe
password1 1qaz2wsx lucky1 abcd1234 qwerty1 blink182 bubba1 happy1 ncc1701d tiger1 chris1 catch22 michael1
alpha1 letmein1 james1 qwe123 charlie1 qwerty12 mustang1 q1w2e3r4 dragon1 angel1 asdf1234 buddy1 rocky1
monkey1 master1 1234qwer david1 ncc1701e babylon5 yankees1 jessica1 letmein2 shadow1 hello123 viper1 jesus1
freedom1 frank1 a1b2c3 magic1 1passwor black1 apple1 welcome1 green1 seven7
password12 password123 password1234 qwerty123 qwerty1234 iloveyou1 iloveyou123 welcome123 admin123
1q2w3e4r5t 1qaz2wsx3edc zaq12wsx aa123456 a123456 a1234567 123456a 123456abc qq123456 abcd123 abc1234
p@ssw0rd p@ssword1 pass@123 pass@1234 password@1 password@123 password@1234 admin@123 admin@1234 abc@123
abcd@123 abcd@1234 test@123 welcome@123 india123 india@123 indya123 kumar@123 sairam123 krishna123
ganesh123 qwerty@123 iloveyou@123 user@123 demo@123 root@123 changeme1 letmein123 monkey123 dragon123
sunshine1 princess1 football1 baseball1 superman1 batman123 computer1 internet1 starwars1 samsung123
`;

/** Lower-cased, for a case-insensitive look-up. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());
