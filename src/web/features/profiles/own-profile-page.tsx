import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Bell, Pencil, RotateCw, X } from 'lucide-react';
import type { OwnProfile } from '../../../shared/api/profiles';
import { Page } from '../../components/page';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorMessage, Loading } from '../../components/ui/feedback';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiRequestError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { AccountSettings, VerifyEmailBanner } from '../account';
import { SafetySettings } from '../moderation';
import { NotificationsPanel, usePendingNotificationCount } from '../notifications';
import { TeamsThatNeedYou } from '../teams';
import { AvatarUpload } from './avatar-upload';
import { BasicInfoForm } from './basic-info-form';
import { ContactInfoForm } from './contact-info-form';
import { ExperienceEditor } from './experience-editor';
import { cardName } from './profile-card';
import { ProfileHeader } from './profile-header';
import { useOwnProfile } from './profile-queries';
import { ContactDetails, ExperienceCard, SkillsCard } from './profile-sections';
import { SettingsPanel } from './settings-panel';
import { SkillsEditor } from './skills-editor';
import { YourTeams } from './your-teams';
import { useDocumentTitle } from '../../lib/title';

const TABS = ['profile', 'notifications', 'settings'] as const;
type Tab = (typeof TABS)[number];

function LoginRequired() {
  return (
    <Page narrow>
      <Card className="mx-auto max-w-md text-center">
        <CardHeader>
          <CardTitle>Login Required</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-sm text-slate-600">Please log in to view your profile.</p>
          <ButtonLink to="/login?redirectTo=%2Fprofile">Login</ButtonLink>
        </CardContent>
      </Card>
    </Page>
  );
}

export default function OwnProfilePage() {
  useDocumentTitle('Your Profile');
  const { user, loading } = useAuth();
  const query = useOwnProfile();

  if (!loading && !user) return <LoginRequired />;
  if (loading || query.isPending)
    return (
      <Page>
        <Loading>Loading profile...</Loading>
      </Page>
    );
  if (query.isError) {
    const status = query.error instanceof ApiRequestError ? query.error.status : 0;
    if (status === 401) return <LoginRequired />;
    if (status === 404) {
      return (
        <Page narrow>
          <Card className="p-6 text-center text-slate-700">Profile not found. Please complete your profile setup.</Card>
        </Page>
      );
    }
    return (
      <Page narrow>
        <Card role="alert" className="mx-auto max-w-md p-6 text-center">
          <h1 className="text-lg font-semibold text-danger">Error</h1>
          <p className="mt-1 text-sm text-slate-600">Failed to load profile data</p>
          <Button className="mt-4" variant="outline" onClick={() => query.refetch()} disabled={query.isFetching}>
            <RotateCw aria-hidden className="h-4 w-4" /> Retry
          </Button>
        </Card>
      </Page>
    );
  }
  return <OwnProfileView profile={query.data} />;
}

function OwnProfileView({ profile }: { profile: OwnProfile }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'profile';
  const [editing, setEditing] = useState(false);
  const pendingCount = usePendingNotificationCount();
  const name = cardName(profile);

  // The tab lives in the URL, so a link can open Notifications directly.
  const showTab = (next: string) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true });

  return (
    <Page>
      <VerifyEmailBanner />
      <ProfileHeader
        profile={profile}
        name={name}
        avatar={<AvatarUpload profile={profile} name={name} />}
        noBio={<p className="text-sm text-slate-400">No bio yet. Add one with Edit Profile.</p>}
        aside={
          <>
            <Button
              variant={editing ? 'outline' : 'primary'}
              onClick={() => {
                setEditing((v) => !v);
                showTab('profile');
              }}
            >
              {editing ? <X aria-hidden className="h-4 w-4" /> : <Pencil aria-hidden className="h-4 w-4" />}
              {editing ? 'Cancel Editing' : 'Edit Profile'}
            </Button>
            <Button variant="outline" onClick={() => showTab('notifications')} aria-label={`Notifications (${pendingCount} pending)`}>
              <Bell aria-hidden className="h-4 w-4" />
              Notifications
              {pendingCount > 0 && <Badge variant="danger">{pendingCount}</Badge>}
            </Button>
          </>
        }
      />

      <Tabs value={tab} onValueChange={showTab} className="mt-6">
        <TabsList>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="notifications">
            Notifications
            {pendingCount > 0 && (
              <Badge variant="danger" aria-label={`${pendingCount} pending`}>
                {pendingCount}
              </Badge>
            )}
          </TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>

        <TabsContent value="profile">{editing ? <EditProfile profile={profile} /> : <ProfileOverview profile={profile} />}</TabsContent>
        <TabsContent value="notifications">
          <Suspense fallback={<Loading>Loading notifications...</Loading>}>
            <NotificationsPanel />
          </Suspense>
        </TabsContent>
        <TabsContent value="settings" className="space-y-6">
          <SettingsPanel profile={profile} />
          <SafetySettings />
          <AccountSettings />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

function ProfileOverview({ profile }: { profile: OwnProfile }) {
  return (
    <>
      {profile.bioHidden !== undefined && (
        <ErrorMessage className="mb-4">
          A moderator hid your bio: others read 'Hidden by a moderator'. Why: {profile.bioHidden}
        </ErrorMessage>
      )}
      <Suspense fallback={null}>
        <TeamsThatNeedYou />
      </Suspense>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SkillsCard skills={profile.skills} />
        <ExperienceCard experiences={profile.experiences} />
        <YourTeams teams={profile.teams} />
        <Card>
          <CardHeader>
            <CardTitle>Contact Information</CardTitle>
          </CardHeader>
          <CardContent>
            <ContactDetails contact={profile.contact} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

/** Two by two on a phone, one row from sm up. */
const SUB_TAB = 'justify-center text-center';

function EditProfile({ profile }: { profile: OwnProfile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Edit Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="basic">
          <TabsList className="w-full max-sm:grid max-sm:grid-cols-2 sm:w-auto">
            <TabsTrigger value="basic" className={SUB_TAB}>
              Basic Information
            </TabsTrigger>
            <TabsTrigger value="contact" className={SUB_TAB}>
              Contact Information
            </TabsTrigger>
            <TabsTrigger value="skills" className={SUB_TAB}>
              Skills Information
            </TabsTrigger>
            <TabsTrigger value="experience" className={SUB_TAB}>
              Experience Information
            </TabsTrigger>
          </TabsList>
          <TabsContent value="basic">
            <BasicInfoForm profile={profile} />
          </TabsContent>
          <TabsContent value="contact">
            <ContactInfoForm profile={profile} />
          </TabsContent>
          <TabsContent value="skills">
            <SkillsEditor profile={profile} />
          </TabsContent>
          <TabsContent value="experience">
            <ExperienceEditor profile={profile} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
