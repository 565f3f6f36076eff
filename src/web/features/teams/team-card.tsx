import { useState } from 'react';
import { Link } from 'react-router';
import { Users } from 'lucide-react';
import type { TeamCard } from '../../../shared/api-types';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

/** The team's logo, or a placeholder with its initial when there is none or it fails to load. */
export function TeamLogo({ name, logoUrl, size = 48, className }: { name: string; logoUrl: string | null; size?: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (logoUrl && !failed) {
    return (
      <img
        src={logoUrl}
        alt={`${name} logo`}
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(true)}
        className={cn('shrink-0 rounded-lg bg-slate-100 object-cover', className)}
        style={style}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${name} logo`}
      className={cn('inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-50 font-semibold text-brand-700', className)}
      style={{ ...style, fontSize: Math.max(12, size * 0.4) }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

export const memberCountLabel = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** A team in a list: links to /teams/{id}. Used by /teams and the home page preview. */
export function TeamCardView({ team }: { team: TeamCard }) {
  return (
    <Link
      to={`/teams/${team.id}`}
      className="group block rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <Card className="h-full p-5 transition-shadow group-hover:shadow-md">
        <div className="flex items-start gap-3">
          <TeamLogo name={team.name} logoUrl={team.logoUrl} />
          <div className="min-w-0 flex-1">
            {/* Names wrap (up to two lines) rather than being cut next to the badge. */}
            <h3 className="line-clamp-2 font-semibold text-slate-900 group-hover:text-brand-700">{team.name}</h3>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              <p className="flex items-center gap-1 text-sm text-slate-500">
                <Users aria-hidden className="h-3.5 w-3.5" />
                {memberCountLabel(team.memberCount)}
              </p>
              {team.isOpen && <Badge variant="success">Open to Join</Badge>}
            </div>
          </div>
        </div>
        {team.description && <p className="mt-3 line-clamp-2 text-sm text-slate-600">{team.description}</p>}
      </Card>
    </Link>
  );
}
