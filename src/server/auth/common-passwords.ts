/**
 * Passwords too easy to guess for a new account (docs/product.md#validation-sign-up-and-sign-in):
 * the 'passwords-common' dictionary of @zxcvbn-ts/language-common (about 49,000 passwords seen
 * most often in leaks, lower-cased), compared without regard to case, and any one character
 * repeated ('aaaaaa'), which that list leaves to zxcvbn's repeat matcher. Server only: the list
 * is about 380 KB and never reaches the browser bundle, so the web form checks length and blanks
 * and shows this rule's 400 on the password field. Sign-in never checks it: an existing account
 * with such a password still signs in.
 */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';

let loading: Promise<ReadonlySet<string>> | undefined;

/** The list, read (and decompressed, ~50 ms) at the first password checked, not at start-up. */
function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return loading;
}

/** True for a password in the common list (any case) or one character repeated. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const folded = password.normalize('NFKC').toLowerCase();
  if (/^(.)\1*$/su.test(folded)) return true;
  return (await commonPasswords()).has(folded);
}
