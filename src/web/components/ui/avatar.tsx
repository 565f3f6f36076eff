import { useState } from 'react';
import { avatarColor, initials } from '../../../shared/avatar';
import { cn } from '../../lib/cn';

export interface AvatarPerson {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl?: string | null;
  name?: string;
}

/** The uploaded picture, or the generated one: initials on one of 8 colours, stable per person. */
export function Avatar({ person, size = 40, className }: { person: AvatarPerson; size?: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  const label = person.name ?? `${person.firstName} ${person.lastName}`;
  const style = { width: size, height: size };
  if (person.avatarUrl && !failed) {
    return (
      <img
        src={person.avatarUrl}
        alt={label}
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(true)}
        className={cn('shrink-0 rounded-full object-cover', className)}
        style={style}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={label}
      className={cn('inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white', className)}
      style={{ ...style, backgroundColor: avatarColor(person.id), fontSize: Math.max(10, size * 0.38) }}
    >
      {initials(person.firstName, person.lastName)}
    </span>
  );
}
