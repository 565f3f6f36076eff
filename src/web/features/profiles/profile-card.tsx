import { Link } from 'react-router';
import type { ProfileCard } from '../../../shared/api/profiles';
import { Avatar } from '../../components/ui/avatar';
import { Badge, LevelDots, skillBadgeVariant } from '../../components/ui/badge';
import { formatDateTime, lookingAge } from '../../lib/format';

/** Preferred name, or else 'first last' (docs/product.md#browse-profiles). */
export function cardName(p: Pick<ProfileCard, 'firstName' | 'lastName' | 'preferredName'>): string {
  return p.preferredName?.trim() || `${p.firstName} ${p.lastName}`;
}

export function LookingBadge({ looking }: { looking: boolean }) {
  return looking ? <Badge variant="success">Looking for Team</Badge> : <Badge variant="outline">Not Looking for Team</Badge>;
}

/** A profile in a list: the whole card links to the public profile. */
export function ProfileCardView({ profile }: { profile: ProfileCard }) {
  const name = cardName(profile);
  return (
    <Link
      to={`/profiles/${profile.id}`}
      className="group flex h-full flex-col rounded-xl border border-slate-200 bg-surface p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <div className="flex items-start gap-3">
        <Avatar person={{ ...profile, name }} size={56} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold text-slate-900 group-hover:text-link">{name}</h3>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <LookingBadge looking={profile.lookingForTeam} />
            <Badge variant="default">{profile.availability}</Badge>
          </div>
          {profile.lookingSince && (
            <p className="mt-1 text-xs text-slate-500">
              <time dateTime={profile.lookingSince} title={formatDateTime(profile.lookingSince)}>
                {lookingAge(profile.lookingSince)}
              </time>
            </p>
          )}
        </div>
      </div>
      {profile.bio && <p className="mt-3 line-clamp-2 text-sm text-slate-600">{profile.bio}</p>}
      {profile.skills.length > 0 && (
        <ul aria-label="Skills" className="mt-4 flex flex-wrap gap-1.5">
          {profile.skills.map((s) => (
            <li key={s.name}>
              <Badge variant={skillBadgeVariant(s.level)} className="gap-1.5" title={`${s.name} - ${s.level}`}>
                {s.name}
                <LevelDots level={s.level} />
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Link>
  );
}
