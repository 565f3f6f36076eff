import { useParams } from 'react-router';
import { LogIn } from 'lucide-react';
import { Page, PageFailed } from '../../components/page';
import { Avatar } from '../../components/ui/avatar';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Loading } from '../../components/ui/feedback';
import { ApiRequestError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { BlockButton, ReportButton } from '../moderation';
import { InviteToTeamButtons } from '../teams';
import { cardName } from './profile-card';
import { ProfileHeader } from './profile-header';
import { ContactDetails, ExperienceCard, SkillsCard } from './profile-sections';
import { useProfile } from './profile-queries';
import { useDocumentTitle } from '../../lib/title';

export default function ProfilePage() {
  const { id = '' } = useParams();
  const { user, profile: me, loading: authLoading } = useAuth();
  const query = useProfile(id, user?.id ?? null, !authLoading);
  useDocumentTitle(query.data ? cardName(query.data) : 'Profile');

  if (authLoading || query.isPending)
    return (
      <Page>
        <Loading>Loading profile...</Loading>
      </Page>
    );
  if (query.isError) {
    const missing = query.error instanceof ApiRequestError && query.error.status === 404;
    return <PageFailed message={missing ? 'Profile not found' : 'Failed to load profile'} backTo="/profiles" backLabel="Browse Profiles" />;
  }

  const profile = query.data;
  const name = cardName(profile);
  const isSelf = me?.id === profile.id;

  return (
    <Page>
      <ProfileHeader profile={profile} name={name} avatar={<Avatar person={{ ...profile, name }} size={150} />}>
        {isSelf ? (
          <ButtonLink to="/profile" variant="outline" size="sm">
            Edit your profile
          </ButtonLink>
        ) : (
          user && (
            <>
              {!profile.blockedByViewer && (
                <InviteToTeamButtons profile={{ id: profile.id, name, lookingForTeam: profile.lookingForTeam }} />
              )}
              <BlockButton profileId={profile.id} name={name} blocked={profile.blockedByViewer === true} />
              <ReportButton targetKind="profile" targetId={profile.id} />
            </>
          )
        )}
      </ProfileHeader>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <SkillsCard skills={profile.skills} />
          <ExperienceCard experiences={profile.experiences} />
        </div>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>Contact Information</CardTitle>
          </CardHeader>
          <CardContent>
            {profile.contact ? (
              <ContactDetails contact={profile.contact} />
            ) : user ? (
              <p className="text-sm text-slate-600">Contact details are not shown.</p>
            ) : (
              <div className="space-y-4 text-center">
                <p className="text-sm text-slate-600">Sign in to connect with {name}</p>
                <ButtonLink to={`/login?redirectTo=${encodeURIComponent(`/profiles/${profile.id}`)}`} className="w-full">
                  <LogIn aria-hidden className="h-4 w-4" /> Sign In
                </ButtonLink>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
