import { avatarColor, initials } from '../../../shared/avatar';
import { cn } from '../../lib/cn';
import { ImageWithFallback } from './image';

export interface AvatarPerson {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl?: string | null;
  name?: string;
}

/** The uploaded picture, or the generated one: initials on one of 8 colours, stable per person. */
export function Avatar({ person, size = 40, className }: { person: AvatarPerson; size?: number; className?: string }) {
  const label = person.name ?? `${person.firstName} ${person.lastName}`;
  return (
    <ImageWithFallback
      src={person.avatarUrl}
      alt={label}
      size={size}
      className={cn('shrink-0 rounded-full object-cover', className)}
      fallback={
        <span
          role="img"
          aria-label={label}
          className={cn('inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white', className)}
          style={{ width: size, height: size, backgroundColor: avatarColor(person.id), fontSize: Math.max(10, size * 0.38) }}
        >
          {initials(person.firstName, person.lastName)}
        </span>
      }
    />
  );
}

/** A team's logo, or a placeholder with its initial when there is none or it fails to load. */
export function TeamLogo({
  name,
  logoUrl,
  size = 48,
  className,
}: {
  name: string;
  logoUrl: string | null;
  size?: number;
  className?: string;
}) {
  return (
    <ImageWithFallback
      src={logoUrl}
      alt={`${name} logo`}
      size={size}
      className={cn('shrink-0 rounded-lg bg-slate-100 object-cover', className)}
      fallback={
        <span
          role="img"
          aria-label={`${name} logo`}
          className={cn('inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-50 font-semibold text-link', className)}
          style={{ width: size, height: size, fontSize: Math.max(12, size * 0.4) }}
        >
          {name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      }
    />
  );
}
