/**
 * 'Report': a reason from a short list and an optional note (500 characters at most). The reporter
 * only learns that it was received (docs/product.md#moderation).
 */
import { useState } from 'react';
import { Flag } from 'lucide-react';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, type ReportTarget } from '../../../shared/safety';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ErrorMessage, SuccessMessage } from '../../components/ui/feedback';
import { Field, Select, Textarea } from '../../components/ui/field';
import { errorText } from '../../lib/api';
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
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  // Said when Send Report is pressed without a reason (the button stays reachable by keyboard).
  const [missing, setMissing] = useState(false);
  const report = useReport();
  const close = () => {
    setOpen(false);
    report.reset();
    setReason('');
    setNote('');
    setMissing(false);
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
            <form
              className="space-y-4"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (!reason) {
                  setMissing(true);
                  e.currentTarget.querySelector('select')?.focus();
                  return;
                }
                report.mutate({ targetKind, targetId, reason, ...(note.trim() && { note: note.trim() }), ...(event && { event }) });
              }}
            >
              {report.isError && <ErrorMessage>{errorText(report.error, 'The report could not be sent.')}</ErrorMessage>}
              <Field label="Reason" error={missing && !reason ? 'Choose a reason' : undefined}>
                {(p) => (
                  <Select {...p} value={reason} required onChange={(e) => setReason(e.target.value as ReportReason)}>
                    <option value="">Choose a reason</option>
                    {REPORT_REASONS.map((r) => (
                      <option key={r} value={r}>
                        {REPORT_REASON_LABELS[r]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Note (optional)" hint={`At most ${REPORT_NOTE_MAX} characters`}>
                {(p) => <Textarea {...p} rows={4} maxLength={REPORT_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />}
              </Field>
              <div className="flex justify-end gap-2">
                <Button type="button" variant="outline" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" disabled={report.isPending}>
                  Send Report
                </Button>
              </div>
            </form>
          )}
        </Dialog>
      )}
    </>
  );
}
