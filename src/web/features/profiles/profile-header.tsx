/** The top card of a profile, the same on the own profile and the public one. */
import type { ReactNode } from 'react';
import type { ProfileCard } from '../../../shared/api/profiles';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { LookingBadge } from './profile-card';

type Props = {
  profile: Pick<ProfileCard, 'lookingForTeam' | 'availability' | 'bio'>;
  name: string;
  avatar: ReactNode;
  /** Shown in place of an empty bio. */
  noBio?: ReactNode;
  /** Buttons under the bio. */
  children?: ReactNode;
  /** Buttons in a column of their own beside the text. */
  aside?: ReactNode;
};

/**
 * Side by side from md up: below that width the own profile's three columns (avatar, text,
 * buttons) leave the text too narrow, so everything stacks, centred, as on a phone. The top
 * padding is restated at sm because CardContent drops it there.
 */
export function ProfileHeader({ profile, name, avatar, noBio, children, aside }: Props) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-6 pt-6 text-center sm:pt-6 md:flex-row md:items-start md:text-left">
        {avatar}
        <div className="min-w-0 flex-1 space-y-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{name}</h1>
          <div className="flex flex-wrap justify-center gap-2 md:justify-start">
            <LookingBadge looking={profile.lookingForTeam} />
            <Badge>{profile.availability}</Badge>
          </div>
          {profile.bio ? <p className="whitespace-pre-line text-slate-600">{profile.bio}</p> : noBio}
          {children && <div className="flex flex-wrap justify-center gap-2 md:justify-start">{children}</div>}
        </div>
        {aside && <div className="flex shrink-0 flex-wrap justify-center gap-2">{aside}</div>}
      </CardContent>
    </Card>
  );
}
