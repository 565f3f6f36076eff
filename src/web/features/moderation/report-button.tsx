/**
 * 'Report': a reason from a short list and an optional note (500 characters at most). The reporter
 * only learns that it was received (docs/product.md#moderation).
 */
import { useState } from 'react';
import { Flag } from 'lucide-react';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, type ReportTarget } from '../../../shared/safety';
import type { z } from 'zod';
import { ReportInputSchema } from '../../../shared/api/moderation';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SuccessMessage } from '../../components/ui/feedback';
import { Field, Select, Textarea } from '../../components/ui/field';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useReport } from './moderation-queries';

const WHAT: Record<ReportTarget, string> = {
  profile: 'this profile',
  team: 'this team',
  join_request: 'this join request',
  invitation: 'this invitation',
  announcement: 'this announcement',
};

/**
 * `label`: the button's accessible name where a page has several (one per message), starting with
 * its visible word: 'Report Ada's join request'.
 */
export function ReportButton({
  targetKind,
  targetId,
  event,
  label,
  size = 'sm',
  className,
}: {
  targetKind: ReportTarget;
  targetId: string;
  event?: string;
  label?: string;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const report = useReport();
  const close = () => {
    setOpen(false);
    report.reset();
  };
  return (
    <>
      <Button variant="outline" size={size} className={className} aria-label={label} onClick={() => setOpen(true)}>
        <Flag aria-hidden className="h-4 w-4" />
        Report
      </Button>
      {open && (
        <Dialog
          open
          onOpenChange={(o) => !o && close()}
          title={`Report ${WHAT[targetKind]}`}
          description="The moderators read it. The person you report is not told who reported them."
        >
          {report.isSuccess ? (
            <div className="space-y-4">
              <SuccessMessage>Report received. Thank you: the moderators will look at it.</SuccessMessage>
              <div className="flex justify-end">
                <Button onClick={close}>Close</Button>
              </div>
            </div>
          ) : (
            <ReportForm
              send={({ reason, note }) =>
                report.mutateAsync({ targetKind, targetId, reason, ...(note && { note }), ...(event && { event }) })
              }
              onCancel={close}
            />
          )}
        </Dialog>
      )}
    </>
  );
}

/** The reason and note, checked by the API's own schema: sent without a reason, it says 'Choose a reason'. */
const ReportFormSchema = ReportInputSchema.pick({ reason: true, note: true });

function ReportForm({ send, onCancel }: { send(values: z.output<typeof ReportFormSchema>): Promise<unknown>; onCancel(): void }) {
  const form = useApiForm({
    schema: ReportFormSchema,
    defaultValues: { reason: '' as ReportReason, note: '' },
    submit: send,
    errorFallback: 'The report could not be sent.',
  });
  return (
    <Form form={form} className="space-y-4">
      <FormMessage />
      <Field label="Reason" error={form.error('reason')}>
        {(p) => (
          <Select {...p} {...form.register('reason')} required>
            <option value="">Choose a reason</option>
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {REPORT_REASON_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Note (optional)" hint={`At most ${REPORT_NOTE_MAX} characters`} error={form.error('note')}>
        {(p) => <Textarea {...p} {...form.register('note')} rows={4} maxLength={REPORT_NOTE_MAX} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton busyLabel="Send Report">Send Report</SubmitButton>
      </div>
    </Form>
  );
}
