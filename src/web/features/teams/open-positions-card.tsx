import { X } from 'lucide-react';
import { isRecruiting } from '../../../shared/teams';
import { skillsOfPosition } from '../../../shared/matching';
import type { TeamDetail } from '../../../shared/api/teams';
import { dedupe, PositionInputSchema } from '../../../shared/schemas';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorMessage } from '../../components/ui/feedback';
import { Field, Input } from '../../components/ui/field';
import { errorText } from '../../lib/api';
import { focusFirstOf } from '../../lib/focus';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { daysSince, formatDateTime, positionsAge } from '../../lib/format';
import { PositionSkillsEditor } from './position-skills-editor';
import { useKeepPositionsOpen, useSetPositions } from './team-queries';

/** Tags for everyone; leaders add (text + Add) and remove. */
export function OpenPositionsCard({ team }: { team: TeamDetail }) {
  const remove = useSetPositions(team.id);
  const isLeader = team.viewer.isLeader;
  // A team that takes nobody (closed, or full) advertises no positions; its leaders still edit them.
  const recruiting = isRecruiting(team);
  if (!recruiting && !isLeader) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Open Positions</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-500">{team.isOpen ? 'This team is full.' : 'This team is closed to new members for now.'}</p>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle id="open-positions-heading" tabIndex={-1}>
          Open Positions
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {!recruiting && <p className="text-sm text-slate-500">Hidden from others while the team is {team.isOpen ? 'full' : 'closed'}.</p>}
        {recruiting && team.openPositions.length > 0 && <PositionsAge team={team} />}
        {team.openPositions.length === 0 ? (
          <p className="text-sm text-slate-500">No open positions</p>
        ) : (
          <ul aria-label="Open positions" className="space-y-3">
            {team.openPositions.map((position) => {
              const needs = skillsOfPosition(team.positionSkills, position);
              return (
                <li key={position} className="space-y-1.5">
                  <Badge variant="secondary" className="gap-1 py-1 text-sm">
                    {position}
                    {isLeader && (
                      <button
                        type="button"
                        className="-mr-1 cursor-pointer rounded-full p-0.5 hover:bg-brand-100 disabled:opacity-50"
                        aria-label={`Remove position ${position}`}
                        disabled={remove.isPending}
                        onClick={() =>
                          // The removed position's button leaves with it: the keyboard goes on from the heading.
                          remove.mutate(
                            { openPositions: team.openPositions.filter((p) => p !== position) },
                            { onSettled: () => focusFirstOf('open-positions-heading') },
                          )
                        }
                      >
                        <X aria-hidden className="h-3.5 w-3.5" />
                      </button>
                    )}
                  </Badge>
                  {isLeader ? (
                    <PositionSkillsEditor
                      title={position}
                      skills={needs}
                      disabled={remove.isPending}
                      onChange={(next) =>
                        remove.mutate({ openPositions: team.openPositions, positionSkills: { ...team.positionSkills, [position]: next } })
                      }
                    />
                  ) : (
                    needs.length > 0 && <p className="text-xs text-slate-500">Needs: {needs.join(', ')}</p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {remove.isError && <ErrorMessage>{errorText(remove.error, 'Failed to update positions')}</ErrorMessage>}
        {isLeader && <AddPositionForm team={team} />}
      </CardContent>
    </Card>
  );
}

/** How long the positions have been listed; leaders say in one click that they are still open (docs/product.md#freshness). */
function PositionsAge({ team }: { team: TeamDetail }) {
  const keep = useKeepPositionsOpen(team.id);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <p className="text-sm text-slate-500">
        <time dateTime={team.positionsSince} title={formatDateTime(team.positionsSince)}>
          {positionsAge(team.positionsSince)}
        </time>
      </p>
      {/* Listed today: they are as fresh as the button would make them. */}
      {team.viewer.isLeader && daysSince(team.positionsSince) > 0 && (
        <Button size="sm" variant="outline" disabled={keep.isPending} onClick={() => keep.mutate()}>
          {keep.isPending ? 'Saving...' : 'Still open'}
        </Button>
      )}
      {keep.isSuccess && (
        <p role="status" className="text-sm text-slate-500">
          Marked as still open
        </p>
      )}
      {keep.isError && <ErrorMessage>{errorText(keep.error, 'Could not save. Please try again.')}</ErrorMessage>}
    </div>
  );
}

function AddPositionForm({ team }: { team: TeamDetail }) {
  const add = useSetPositions(team.id);
  const form = useApiForm({
    schema: PositionInputSchema,
    defaultValues: { position: '' },
    // Blank entries are ignored, and so are duplicates (docs/product.md#validation-edit-team-and-positions).
    ignore: ({ position }) => !position,
    submit: ({ position }) => add.mutateAsync({ openPositions: dedupe([...team.openPositions, position]) }),
    // The new position is the one the server can find fault with.
    fieldFor: (name) => (name.startsWith('openPositions') ? 'position' : undefined),
    resetOnSuccess: true,
    errorFallback: 'Failed to update positions',
  });
  return (
    // Set apart from the positions above, each with its own box for skills: this one adds a position.
    <Form form={form} className={cn('space-y-2', team.openPositions.length > 0 && 'border-t border-slate-200 pt-4')}>
      <FormMessage />
      <Field label="New position" error={form.error('position')}>
        {(p) => (
          <div className="flex gap-2">
            <Input {...p} {...form.register('position')} placeholder="e.g., Backend Developer" maxLength={100} className="flex-1" />
            <SubmitButton variant="outline" busyLabel="Adding...">
              Add
            </SubmitButton>
          </div>
        )}
      </Field>
    </Form>
  );
}
