/**
 * Where sign-in and sign-up go next: the `redirectTo` of the URL when it is a path on this site,
 * else `/profile`. The browser's URL parser drops tabs and newlines and reads '\' as '/', so
 * '/\t/evil.example' or '/\evil.example' would leave the site (and the router refuses to, leaving
 * the form at 'Signing in...'). A value is used only when
 * - it starts with a single '/', not '//' or '/\', before and after percent-decoding;
 * - it holds no control character, decoded or not, and no whitespace (its query may hold
 *   encoded spaces, '?search=ai%20team', which stay on this site);
 * - it decodes at all.
 */
const CONTROL = /\p{Cc}/u;
const WHITESPACE = /\s/u;

const startsAsSitePath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

export function safeRedirect(value: string | null, fallback = '/profile'): string {
  if (!value || !startsAsSitePath(value) || CONTROL.test(value) || WHITESPACE.test(value)) return fallback;
  let decoded: string;
  let decodedPath: string;
  try {
    decoded = decodeURIComponent(value);
    decodedPath = decodeURIComponent(value.split(/[?#]/, 1)[0]);
  } catch {
    return fallback; // a malformed escape ('%E0%A4%A')
  }
  if (CONTROL.test(decoded) || WHITESPACE.test(decodedPath) || !startsAsSitePath(decodedPath)) return fallback;
  return value;
}
