/**
 * One notification of the inbox, in the navbar's popover and in the Notifications tab: what
 * happened, when ('2 min ago', the exact time on hover), read or not, a link to what it is about
 * (opening it marks it read), and Accept / Decline while a request or invitation still waits; in the
 * Notifications tab an announcement can be reported.
 */
import { Link } from 'react-router';
import type { InboxItem } from '../../../shared/api/notifications';
import { Button } from '../../components/ui/button';
import { ErrorMessage, Spinner } from '../../components/ui/feedback';
import { errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDateTime, timeAgo } from '../../lib/format';
import { ReportButton } from '../moderation';
import { useAnswerJoinRequest, useKeepPositionsOpen } from '../teams';
import { useAnswerInvitation, useKeepLooking, useMarkRead } from './notification-queries';

/** 'Mark all as read', while any is unread. */
export function MarkAllReadButton({ unreadCount, variant = 'ghost' }: { unreadCount: number; variant?: 'ghost' | 'outline' }) {
  const markRead = useMarkRead();
  if (unreadCount <= 0) return null;
  return (
    <Button size="sm" variant={variant} disabled={markRead.isPending} onClick={() => markRead.mutate(undefined)}>
      Mark all as read
    </Button>
  );
}

/**
 * `answerInvitations`: Accept / Decline on a pending invitation too (the popover); the
 * Notifications tab lists pending invitations with their buttons above, so its entries do not.
 */
export function InboxEntry({
  item,
  compact,
  onOpen,
  answerInvitations = true,
}: {
  item: InboxItem;
  compact?: boolean;
  onOpen?: () => void;
  answerInvitations?: boolean;
}) {
  const markRead = useMarkRead();
  const unread = item.readAt === null;
  const read = () => {
    if (unread) markRead.mutate([item.id]);
  };
  const open = () => {
    read();
    onOpen?.();
  };
  return (
    <li
      className={cn(
        'flex gap-3',
        compact ? 'px-4 py-3' : 'rounded-xl border border-slate-200 p-4',
        unread ? 'bg-brand-50/60' : 'bg-surface',
      )}
    >
      <span aria-hidden className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')} />
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm', unread ? 'font-medium text-slate-900' : 'text-slate-700')}>
          {unread && <span className="sr-only">Unread: </span>}
          {item.link ? (
            <Link to={item.link} className="hover:underline" onClick={open}>
              {item.text}
            </Link>
          ) : (
            item.text
          )}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
            {timeAgo(item.createdAt)}
          </time>
        </p>
        {item.pending && item.kind === 'join_request' && item.data.requestId && item.data.teamId && (
          <AnswerRequest requestId={item.data.requestId} teamId={item.data.teamId} onAnswer={read} />
        )}
        {answerInvitations && item.pending && item.kind === 'invitation' && item.data.invitationId && (
          <AnswerInvitation invitationId={item.data.invitationId} teamId={item.data.teamId} onAnswer={read} />
        )}
        {item.kind === 'looking_lapsed' && item.data.eventSlug && <KeepLooking slug={item.data.eventSlug} onDone={read} />}
        {item.kind === 'positions_open_long' && item.data.teamId && <StillOpen teamId={item.data.teamId} onDone={read} />}
      </div>
      {/* The Notifications tab, not the navbar's popover: a report opens a dialog of its own. */}
      {!compact && item.kind === 'announcement' && item.data.announcementId && (
        <ReportButton
          targetKind="announcement"
          targetId={item.data.announcementId}
          label={`Report the announcement of ${item.data.eventName ?? 'the event'}`}
          className="shrink-0 self-start"
        />
      )}
    </li>
  );
}

/** One click to show as looking for a team again in the event whose flag lapsed. */
function KeepLooking({ slug, onDone }: { slug: string; onDone(): void }) {
  const keep = useKeepLooking(slug);
  if (keep.isSuccess) return <p className="mt-2 text-sm text-success">You show as looking for a team again.</p>;
  return (
    <div className="mt-2 space-y-2">
      {keep.error && <ErrorMessage>{errorText(keep.error, 'Could not renew it. Please try again.')}</ErrorMessage>}
      <Button size="sm" disabled={keep.isPending} onClick={() => keep.mutate(undefined, { onSuccess: onDone })}>
        {keep.isPending && <Spinner />}
        Keep me looking
      </Button>
    </div>
  );
}

/** One click for a leader reminded of long-open positions: they are still open (their age starts over). */
function StillOpen({ teamId, onDone }: { teamId: string; onDone(): void }) {
  const keep = useKeepPositionsOpen(teamId);
  if (keep.isSuccess) return <p className="mt-2 text-sm text-success">Marked as still open.</p>;
  return (
    <div className="mt-2 space-y-2">
      {keep.error && <ErrorMessage>{errorText(keep.error, 'Could not save. Please try again.')}</ErrorMessage>}
      <Button size="sm" disabled={keep.isPending} onClick={() => keep.mutate(undefined, { onSuccess: onDone })}>
        {keep.isPending && <Spinner />}
        Still open
      </Button>
    </div>
  );
}

interface Answer {
  isPending: boolean;
  variables?: boolean;
  error: Error | null;
}

/** Accept / Decline with a spinner on the one being sent, and the failure above them. */
export function AnswerButtons({
  answer,
  respond,
  failed,
  className,
}: {
  answer: Answer;
  respond(accept: boolean): void;
  failed(accept: boolean): string;
  className?: string;
}) {
  return (
    <>
      {answer.error && <ErrorMessage className="mt-2">{errorText(answer.error, failed(answer.variables ?? true))}</ErrorMessage>}
      <div className={cn('mt-2 flex gap-2', className)}>
        <Button size="sm" disabled={answer.isPending} onClick={() => respond(true)}>
          {answer.isPending && answer.variables === true && <Spinner />}
          Accept
        </Button>
        <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => respond(false)}>
          {answer.isPending && answer.variables === false && <Spinner />}
          Decline
        </Button>
      </div>
    </>
  );
}

function AnswerRequest({ requestId, teamId, onAnswer }: { requestId: string; teamId: string; onAnswer(): void }) {
  const answer = useAnswerJoinRequest(teamId);
  return (
    <AnswerButtons
      answer={{ isPending: answer.isPending, variables: answer.variables?.accept, error: answer.error }}
      respond={(accept) => {
        onAnswer();
        answer.mutate({ id: requestId, accept });
      }}
      failed={() => 'Failed to process join request'}
    />
  );
}

export const invitationFailure = (accept: boolean) => (accept ? 'Failed to accept invitation' : 'Failed to decline invitation');

function AnswerInvitation({ invitationId, teamId, onAnswer }: { invitationId: string; teamId?: string | null; onAnswer(): void }) {
  const answer = useAnswerInvitation(invitationId, teamId);
  return (
    <AnswerButtons
      answer={answer}
      respond={(accept) => {
        onAnswer();
        answer.mutate(accept);
      }}
      failed={invitationFailure}
    />
  );
}
