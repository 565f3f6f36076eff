/**
 * Passwords too easy to guess for a new account (docs/product.md#validation-sign-up-and-sign-in):
 * - the 'passwords-common' dictionary of @zxcvbn-ts/language-common (about 49,000 passwords seen
 *   most often in leaks, lower-cased, most frequent first), compared without regard to case;
 * - one of the 1,000 most frequent of them dressed up with digits or symbols around it, or with
 *   letters swapped for look-alike digits ('letmein!', 'P@ssw0rd1', '2024monkey');
 * - the product's own words, which anyone attacking this site tries first: its name, 'hackathon',
 *   the names of the events it first listed (src/shared/hackathon.ts), with any digits, symbols or spaces
 *   ('Hackathon2026', 'hackteams!', "World's Largest Hackathon 2025");
 * - any one character repeated ('aaaaaa'), which that list leaves to zxcvbn's repeat matcher.
 * Server only: the list is about 380 KB and never reaches the browser bundle, so the web form checks
 * length and blanks and shows this rule's 400 on the password field. Sign-in never checks it: an
 * existing account with such a password still signs in.
 */
import { PRODUCT_EVENT_NAMES } from '../../shared/hackathon';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';

/** How many of the most frequent passwords are refused with digits or symbols around them too. */
const VARIANT_RANK = 1000;

interface Lists {
  all: ReadonlySet<string>;
  mostFrequent: ReadonlySet<string>;
}

let loading: Promise<Lists> | undefined;

/** The list, read (and decompressed, ~50 ms) at the first password checked, not at start-up. */
function commonPasswords(): Promise<Lists> {
  loading ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const ranked = dictionary['passwords-common'];
    return { all: new Set(ranked), mostFrequent: new Set(ranked.slice(0, VARIANT_RANK)) };
  });
  return loading;
}

const lettersOnly = (text: string) => text.replace(/\P{L}/gu, '');

/** The product's name, its subject, and the events it lists, as letters only ("worldslargesthackathon"). */
const PRODUCT_WORDS: ReadonlySet<string> = new Set(
  ['hackteams', 'hackteam', 'hackathon', 'hackathons', ...PRODUCT_EVENT_NAMES].map((word) => lettersOnly(word.toLowerCase())),
);

/** Digits and symbols people put in place of the letters they look like. */
const LOOK_ALIKES: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

/** The password with look-alikes read as letters, once with '1' as 'i' and once as 'l'. */
function readAsLetters(text: string): string[] {
  const read = (one: string) => [...text].map((ch) => (ch === '1' ? one : (LOOK_ALIKES[ch] ?? ch))).join('');
  return [...new Set([read('i'), read('l')])];
}

/** True for a password in the common list (any case), a dressed-up frequent or product word, or one character repeated. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const folded = password.normalize('NFKC').toLowerCase();
  if (/^(.)\1*$/su.test(folded)) return true;
  const { all, mostFrequent } = await commonPasswords();
  if (all.has(folded)) return true;
  // What is left once the digits, symbols and spaces around the word are taken off ('letmein!' -> 'letmein').
  const core = folded.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  for (const word of [core, ...readAsLetters(core)]) {
    if (mostFrequent.has(word) || PRODUCT_WORDS.has(lettersOnly(word))) return true;
  }
  return PRODUCT_WORDS.has(lettersOnly(folded));
}
