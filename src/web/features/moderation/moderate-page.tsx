/**
 * /hackathons/:slug/moderate, an event's moderation queue (its staff), and /moderation, the
 * platform's (admins): reports grouped by what they are about, most reported first, with the
 * content as it was when reported; dismiss, hide, warn, ban, each with a reason; the bans here with
 * Unban, what is hidden here with Unhide; and for owners the record of every action
 * (docs/product.md#moderation).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ModerationActionInputSchema, type ModerationQueue, type ReportGroup } from '../../../shared/api/moderation';
import { MODERATION_REASON_MAX, REPORT_REASON_LABELS, type ModerationAction } from '../../../shared/safety';
import { Page, PageFailed } from '../../components/page';
import { RecordCard } from '../../components/record-card';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState, Loading } from '../../components/ui/feedback';
import { Field, Textarea } from '../../components/ui/field';
import { errorText } from '../../lib/api';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useDocumentTitle } from '../../lib/title';
import { useAct, useQueue, type ActionInput } from './moderation-queries';

const ACTION_LABEL: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  unhide: 'Unhide',
  warn: 'Warn',
  ban: 'Ban',
  unban: 'Unban',
};

/**
 * An action waiting for its reason; `after`: the heading the keyboard goes on from once it is done
 * (the report, ban or hidden item acted on leaves its list, and the button that opened the dialog with it).
 */
type Pending = { input: Omit<ActionInput, 'reason'>; title: string; after: 'reports-heading' | 'bans-heading' | 'hidden-heading' };

/** The reason, checked by the API's own schema ('Say why: the person concerned reads it'). */
const ReasonSchema = ModerationActionInputSchema.pick({ reason: true });

function ReasonDialog({ slug, pending, onClose }: { slug: string | null; pending: Pending; onClose(): void }) {
  const act = useAct(slug);
  const form = useApiForm({
    schema: ReasonSchema,
    defaultValues: { reason: '' },
    submit: ({ reason }) => act.mutateAsync({ ...pending.input, reason }),
    onSuccess: onClose,
    errorFallback: 'That did not work.',
  });
  const label = ACTION_LABEL[pending.input.action];
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={pending.title}
      fallbackFocus={() => document.getElementById(pending.after)}
      // Who reads an action's record: the event's owners, or for the platform's queue its admins.
      description={slug ? "The person concerned and the event's owners read why." : 'The person concerned and the admins read why.'}
    >
      <Form form={form} className="space-y-4">
        <FormMessage />
        <Field label="Reason" hint={`At most ${MODERATION_REASON_MAX} characters`} error={form.error('reason')}>
          {(p) => <Textarea {...p} {...form.register('reason')} rows={3} maxLength={MODERATION_REASON_MAX} required />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton variant={pending.input.action === 'ban' ? 'destructive' : 'primary'} busyLabel={label}>
            {label}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

function ReportCard({ group, platform, ask }: { group: ReportGroup; platform: boolean; ask(p: Pending): void }) {
  const target = { targetKind: group.targetKind, targetId: group.targetId };
  const who = group.subject?.name ?? 'its author';
  const button = (action: ModerationAction, title: string, variant: 'outline' | 'destructive' = 'outline') => (
    <Button size="sm" variant={variant} onClick={() => ask({ input: { action, ...target }, title, after: 'reports-heading' })}>
      {ACTION_LABEL[action]}
      {action === 'ban' || action === 'warn' ? <span className="sr-only"> {who}</span> : null}
    </Button>
  );
  return (
    <Card className="p-4" role="article" aria-label={`Reports about ${group.label}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">
          {group.link ? (
            <Link to={group.link} className="text-link hover:underline">
              {group.label}
            </Link>
          ) : (
            group.label
          )}
        </h3>
        <Badge variant="danger">
          {group.count} {group.count === 1 ? 'report' : 'reports'}
        </Badge>
        {group.hidden && <Badge variant="warning">Hidden</Badge>}
        {group.subjectBanned && <Badge variant="warning">Banned</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {group.reasons.map((r) => REPORT_REASON_LABELS[r]).join(', ')} · since {new Date(group.firstReportedAt).toLocaleString('en')}
        {/* Whom it is about (who wrote it, a team's leader), not who reported it: reporters stay unnamed. */}
        {group.subject && (
          <>
            {' '}
            · author:{' '}
            <Link to={`/profiles/${group.subject.id}`} className="text-link hover:underline">
              {group.subject.name}
            </Link>
          </>
        )}
      </p>
      <blockquote className="mt-3 whitespace-pre-line rounded-md bg-slate-100 p-3 text-sm text-slate-800">{group.snapshot}</blockquote>
      {group.notes.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
          {group.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {button('dismiss', `Dismiss the reports about ${group.label}`)}
        {group.hidden ? button('unhide', `Show ${group.label} again`) : button('hide', `Hide ${group.label}`)}
        {group.subject && button('warn', `Warn ${who}`)}
        {group.subject &&
          !group.subjectBanned &&
          // The event's staff cannot be banned from it (docs/product.md#moderation).
          !group.subjectStaff &&
          button('ban', platform ? `Ban ${who} from HackTeams` : `Ban ${who} from this event`, 'destructive')}
      </div>
    </Card>
  );
}

function Record({ record }: { record: NonNullable<ModerationQueue['record']> }) {
  return (
    <RecordCard
      id="record-heading"
      title="Record of actions"
      lastColumn="Why"
      rows={record.map((r) => ({
        key: r.id,
        at: r.createdAt,
        by: r.by,
        what: (
          <>
            {ACTION_LABEL[r.action]} {r.targetKind.replace('_', ' ')}
            {r.subject && ` (${r.subject.name})`}
          </>
        ),
        last: r.reason,
      }))}
    />
  );
}

export default function ModeratePage() {
  const { slug = null } = useParams();
  const queue = useQueue(slug);
  const [pending, setPending] = useState<Pending | null>(null);
  useDocumentTitle(slug ? 'Moderate' : 'Platform moderation');
  const back = slug ? `/hackathons/${slug}` : '/';
  if (queue.isPending) return <Loading>Loading the queue...</Loading>;
  if (queue.isError)
    return <PageFailed message={errorText(queue.error, 'The queue could not be loaded.')} backTo={back} backLabel="Back" />;
  const { reports, bans, hidden, record } = queue.data;
  return (
    <Page>
      <Link to={back} className="text-sm text-link hover:underline">
        {slug ? '← Back to the event' : '← Home'}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{slug ? 'Moderation' : 'Platform moderation'}</h1>
      <p className="mt-1 text-sm text-slate-600">Reports, most reported first, then oldest. Every action is recorded with who and why.</p>
      <section className="mt-6 space-y-4" aria-labelledby="reports-heading">
        <h2 id="reports-heading" tabIndex={-1} className="text-lg font-semibold text-slate-900">
          Open reports
        </h2>
        {reports.length === 0 ? (
          <EmptyState title="Nothing to review" description="New reports appear here." />
        ) : (
          reports.map((g) => <ReportCard key={`${g.targetKind}:${g.targetId}`} group={g} platform={!slug} ask={setPending} />)
        )}
      </section>
      <Card className="mt-8 p-4" role="region" aria-labelledby="bans-heading">
        <h2 id="bans-heading" tabIndex={-1} className="mb-3 text-lg font-semibold text-slate-900">
          {slug ? 'Banned from this event' : 'Banned from HackTeams'}
        </h2>
        {bans.length === 0 ? (
          <p className="text-sm text-slate-600">No one.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {bans.map((b) => (
              <li key={b.person.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <Link to={`/profiles/${b.person.id}`} className="font-medium text-link hover:underline">
                    {b.person.name}
                  </Link>
                  <span className="text-slate-600"> · {b.reason}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    setPending({
                      input: { action: 'unban', targetKind: 'profile', targetId: b.person.id },
                      title: `Unban ${b.person.name}`,
                      after: 'bans-heading',
                    })
                  }
                >
                  Unban<span className="sr-only"> {b.person.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="mt-8 p-4" role="region" aria-labelledby="hidden-heading">
        <h2 id="hidden-heading" tabIndex={-1} className="mb-3 text-lg font-semibold text-slate-900">
          Hidden by a moderator
        </h2>
        {hidden.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {hidden.map((item) => (
              <li key={`${item.targetKind}:${item.targetId}`} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {item.link ? (
                    <Link to={item.link} className="font-medium text-link hover:underline">
                      {item.label}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{item.label}</span>
                  )}
                  <span className="text-slate-600"> · {item.reason}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Unhide ${item.label}`}
                  onClick={() =>
                    setPending({
                      input: { action: 'unhide', targetKind: item.targetKind, targetId: item.targetId },
                      title: `Show ${item.label} again`,
                      after: 'hidden-heading',
                    })
                  }
                >
                  Unhide
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {record && <Record record={record} />}
      {pending && <ReasonDialog slug={slug} pending={pending} onClose={() => setPending(null)} />}
    </Page>
  );
}
