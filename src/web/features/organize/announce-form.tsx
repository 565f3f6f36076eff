/**
 * An announcement to a segment of the event (organizers): the unteamed go with the list's current
 * filters; 'a team's members' asks which team, found by a search over the event's teams.
 */
import { useState } from 'react';
import { z } from 'zod';
import { AnnouncementInputSchema, SEGMENT_LABELS, type Segment, type UnteamedFilter } from '../../../shared/api/organize';
import { SEARCH_MAX } from '../../../shared/schemas';
import { Field, Input, Select, Textarea } from '../../components/ui/field';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useAnnounce, useEventTeams } from './organize-queries';

const KINDS = ['unteamed', 'everyone', 'looking', 'stale_leaders', 'team'] as const;
const AnnounceFormSchema = z
  .object({ message: AnnouncementInputSchema.shape.message, kind: z.enum(KINDS), teamId: z.string() })
  .refine((v) => v.kind !== 'team' || v.teamId, { message: 'Choose a team', path: ['teamId'] });

function segmentOf(kind: (typeof KINDS)[number], teamId: string, filter: UnteamedFilter): Segment {
  if (kind === 'unteamed') return { kind, filter };
  if (kind === 'team') return { kind, teamId };
  return { kind };
}

export function AnnounceForm({ slug, filter, filterText }: { slug: string; filter: UnteamedFilter; filterText: string }) {
  const announce = useAnnounce(slug);
  const [sentTo, setSentTo] = useState<number | null>(null);
  const [teamSearch, setTeamSearch] = useState('');
  const form = useApiForm({
    schema: AnnounceFormSchema,
    defaultValues: { message: '', kind: 'unteamed', teamId: '' },
    submit: ({ message, kind, teamId }) => announce.mutateAsync({ message, segment: segmentOf(kind, teamId, filter) }),
    onSuccess: (sent, { kind, teamId }) => {
      setSentTo(sent.recipientCount);
      // The message is emptied (a second press must not send it twice); the group chosen stays.
      form.reset({ message: '', kind, teamId });
    },
    fieldFor: (name) => (name === 'segment.teamId' ? 'teamId' : name.startsWith('segment') ? 'kind' : name),
    errorFallback: 'The announcement could not be sent. Please try again.',
  });
  const kind = form.watch('kind');
  const teams = useEventTeams(slug, teamSearch, kind === 'team');
  const teamChoices = teams.data?.items ?? [];
  return (
    <Form form={form} className="space-y-4">
      <Field label="Send to" error={form.error('kind')} hint={kind === 'unteamed' ? `The list above: ${filterText}` : undefined}>
        {(props) => (
          <Select {...props} {...form.register('kind')}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {SEGMENT_LABELS[k]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {kind === 'team' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Find a team" hint="By name or description">
            {(props) => (
              <Input {...props} type="search" maxLength={SEARCH_MAX} value={teamSearch} onChange={(e) => setTeamSearch(e.target.value)} />
            )}
          </Field>
          <Field
            label="Team"
            error={form.error('teamId')}
            hint={
              teams.data && teams.data.total > teamChoices.length ? `The first ${teamChoices.length} of ${teams.data.total}` : undefined
            }
          >
            {(props) => (
              <Select {...props} {...form.register('teamId')}>
                <option value="">{teams.isPending ? 'Loading teams...' : teamChoices.length ? 'Choose a team' : 'No team matches'}</option>
                {teamChoices.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name} ({t.memberCount} {t.memberCount === 1 ? 'member' : 'members'})
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      )}
      <Field label="Message" error={form.error('message')}>
        {(props) => <Textarea {...props} rows={4} {...form.register('message')} />}
      </Field>
      <FormMessage success={sentTo === null ? undefined : `Sent to ${sentTo.toLocaleString('en')} ${sentTo === 1 ? 'person' : 'people'}`} />
      <SubmitButton busyLabel="Sending...">Send announcement</SubmitButton>
    </Form>
  );
}
