/**
 * /hackathons/:slug/group, 'Find me a team' (docs/product.md#find-me-a-team): opt in with a role and
 * the people you do not want to be grouped with; once organizers send the groups, see yours with
 * the reasons and the trade-off, and accept or decline. Nobody is put in a team without accepting.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GROUPING_ROLE_LABELS, GROUPING_ROLES, type GroupingRole, type Proposal } from '../../../shared/api/grouping';
import { Page, PageFailed } from '../../components/page';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorMessage, Loading, SuccessMessage } from '../../components/ui/feedback';
import { Field, Select } from '../../components/ui/field';
import { api, errorText } from '../../lib/api';
import { useEvent } from '../../lib/events';
import { formatInZone, viewerTimeZone } from '../../lib/format';
import { profileKeys, teamKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/title';
import { NotWithPicker } from './not-with-picker';

const ANSWER_TEXT = { pending: 'Not answered yet', accepted: 'Accepted', declined: 'Declined', expired: 'Did not answer' } as const;

export default function GroupPage() {
  const { slug = '' } = useParams();
  const client = useQueryClient();
  const key = ['grouping', slug];
  const event = useEvent(slug);
  const mine = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api('GET /api/events/{slug}/grouping/me', { params: { slug }, signal }),
    retry: false,
  });
  useDocumentTitle(event.data ? `Find me a team: ${event.data.name}` : 'Find me a team');
  const refresh = () => client.invalidateQueries({ queryKey: key });
  if (mine.isPending) return <Loading>Loading...</Loading>;
  if (mine.isError)
    return (
      <PageFailed
        message={errorText(mine.error, 'This page could not be loaded.')}
        backTo={`/hackathons/${slug}`}
        backLabel="Back to the event"
      />
    );
  const { optedIn, proposal } = mine.data;
  return (
    <Page narrow>
      <p className="text-sm text-slate-600">
        <Link to={`/hackathons/${slug}`} className="underline underline-offset-2">
          {event.data?.name ?? 'The event'}
        </Link>
      </p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Find me a team</h1>
      <p className="mt-2 text-sm text-slate-600">
        Tell us what you want to do. When the organizers run the grouping, you get a proposed group of people without a team, with the
        reasons we chose it and what it lacks. You accept or decline: nobody is put in a team without saying yes.
      </p>
      {proposal && (
        <ProposalCard
          proposal={proposal}
          // An answer can make a team of the group (or fill one): the person's teams and the lists change too.
          onAnswered={() =>
            Promise.all([
              refresh(),
              client.invalidateQueries({ queryKey: profileKeys.own }),
              client.invalidateQueries({ queryKey: teamKeys.lists() }),
            ])
          }
        />
      )}
      {!proposal?.teamId && <OptInCard slug={slug} optedIn={optedIn} onSaved={refresh} />}
    </Page>
  );
}

function ProposalCard({ proposal, onAnswered }: { proposal: Proposal; onAnswered: () => void }) {
  const answer = useMutation({
    mutationFn: (accept: boolean) => api('POST /api/grouping/groups/{id}/answer', { params: { id: proposal.groupId }, body: { accept } }),
    onSuccess: onAnswered,
  });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{proposal.fillsTeam ? `A team for you: ${proposal.fillsTeam.name}` : 'Your proposed group'}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Members">
          {proposal.members.map((m) => (
            <li key={m.person.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <Link to={`/profiles/${m.person.id}`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                {m.you ? `${m.person.name} (you)` : m.person.name}
              </Link>
              <span className="text-sm text-slate-600">{GROUPING_ROLE_LABELS[m.role]}</span>
              <Badge variant={m.answer === 'accepted' ? 'success' : 'default'}>{ANSWER_TEXT[m.answer]}</Badge>
            </li>
          ))}
        </ul>
        <section aria-labelledby="why-heading">
          <h2 id="why-heading" className="font-semibold text-slate-900">
            Why this group
          </h2>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {proposal.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <h2 className="mt-3 font-semibold text-slate-900">The trade-off</h2>
          <p className="text-sm text-slate-700">{proposal.tradeOff}</p>
        </section>
        {/* Its team was deleted: the proposal ended, whatever one answered. Still to answer, also once enough
            others accepted and the group became a team: accepting then joins it. */}
        {proposal.teamGone ? (
          <p role="status" className="text-sm text-slate-700">
            The team of this proposal was deleted, so the proposal ended: you are back in the pool for the next round.
          </p>
        ) : proposal.yourAnswer === 'pending' ? (
          <div className="space-y-2">
            {proposal.teamId && <p className="text-sm text-slate-700">This group became a team. Accept to join it.</p>}
            {proposal.expiresAt && (
              <p className="text-sm text-slate-600">Answer by {formatInZone(proposal.expiresAt, viewerTimeZone(), 'en')}.</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button disabled={answer.isPending} onClick={() => answer.mutate(true)}>
                Accept
              </Button>
              <Button variant="outline" disabled={answer.isPending} onClick={() => answer.mutate(false)}>
                Decline
              </Button>
            </div>
          </div>
        ) : proposal.teamId ? (
          <div className="space-y-2">
            <SuccessMessage>{proposal.yourAnswer === 'accepted' ? 'You are in the team.' : 'This group became a team.'}</SuccessMessage>
            {proposal.yourAnswer === 'accepted' && <ButtonLink to={`/teams/${proposal.teamId}`}>Go to your team</ButtonLink>}
          </div>
        ) : (
          <p role="status" className="text-sm text-slate-700">
            {proposal.yourAnswer === 'accepted'
              ? 'You accepted. The group becomes a team as soon as enough of you accept.'
              : 'You are back in the pool for the next round.'}
          </p>
        )}
        {answer.isError && <ErrorMessage>{errorText(answer.error, 'Your answer could not be saved')}</ErrorMessage>}
      </CardContent>
    </Card>
  );
}

function OptInCard({
  slug,
  optedIn,
  onSaved,
}: {
  slug: string;
  optedIn: { role: GroupingRole; notWith: { id: string; name: string }[] } | null;
  onSaved: () => void;
}) {
  const [role, setRole] = useState<GroupingRole>(optedIn?.role ?? 'build');
  const [notWith, setNotWith] = useState(optedIn?.notWith ?? []);
  const save = useMutation({
    mutationFn: (ids: string[]) => api('PUT /api/events/{slug}/grouping/me', { params: { slug }, body: { role, notWith: ids } }),
    onSuccess: (data) => {
      setNotWith(data.optedIn?.notWith ?? []);
      onSaved();
    },
  });
  const leave = useMutation({ mutationFn: () => api('DELETE /api/events/{slug}/grouping/me', { params: { slug } }), onSuccess: onSaved });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{optedIn ? 'You asked to be grouped' : 'Ask to be grouped'}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">
          We match you on your role, the hours you are awake (from your profile's time zone and availability) and your availability. Keep
          them up to date on your profile.
        </p>
        <Field label="What you want to do">
          {(props) => (
            <Select {...props} value={role} onChange={(e) => setRole(e.target.value as GroupingRole)}>
              {GROUPING_ROLES.map((r) => (
                <option key={r} value={r}>
                  {GROUPING_ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <NotWithPicker slug={slug} notWith={notWith} onChange={setNotWith} />
        <div className="flex flex-wrap gap-2">
          <Button disabled={save.isPending} onClick={() => save.mutate(notWith.map((p) => p.id))}>
            {optedIn ? 'Save' : 'Find me a team'}
          </Button>
          {optedIn && (
            <Button variant="ghost" disabled={leave.isPending} onClick={() => leave.mutate()}>
              Stop looking this way
            </Button>
          )}
        </div>
        {save.isSuccess && <SuccessMessage>Saved. You will get a notification when your group is proposed.</SuccessMessage>}
        {(save.isError || leave.isError) && <ErrorMessage>{errorText(save.error ?? leave.error, 'Could not save')}</ErrorMessage>}
      </CardContent>
    </Card>
  );
}
