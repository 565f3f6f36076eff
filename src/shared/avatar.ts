import { AVATAR_COLORS } from './constants';

/** Initials of first and last name, as the generated avatar shows them. */
export function initials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const a = (firstName ?? '').trim().charAt(0);
  const b = (lastName ?? '').trim().charAt(0);
  return (a + b).toUpperCase() || '?';
}

/** One of the 8 colours, the same every time for the same seed (a profile id). */
export function avatarColor(seed: string): string {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) | 0;
  return AVATAR_COLORS[Math.abs(hash) % AVATAR_COLORS.length];
}

/** Display name stored in profiles.name: preferred name, or first + last. */
export function displayName(p: { firstName: string; lastName: string; preferredName?: string | null }): string {
  const preferred = p.preferredName?.trim();
  return preferred || `${p.firstName.trim()} ${p.lastName.trim()}`.trim();
}
