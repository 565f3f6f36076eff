import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { Button, type ButtonStyleProps } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorMessage } from '../../components/ui/feedback';
import { errorText } from '../../lib/api';
import { useLeaveTeam } from './team-queries';

const LAST_LEADER = 'Make another member leader before you leave';

/**
 * 'Leave Team', after a confirmation. The last leader of a team is told to hand it over first
 * (the server says the same if they try anyway).
 */
export function LeaveTeamButton({ teamId, lastLeader, size }: { teamId: string; lastLeader: boolean; size?: ButtonStyleProps['size'] }) {
  const [confirming, setConfirming] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const leave = useLeaveTeam(teamId);
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="outline"
        size={size}
        disabled={leave.isPending}
        onClick={() => (lastLeader ? setBlocked(true) : setConfirming(true))}
      >
        <LogOut aria-hidden className="h-4 w-4" />
        {leave.isPending ? 'Leaving...' : 'Leave Team'}
      </Button>
      {blocked && <ErrorMessage>{LAST_LEADER}</ErrorMessage>}
      {leave.isError && <ErrorMessage>{errorText(leave.error, 'Failed to leave the team')}</ErrorMessage>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Leave Team"
        question="Are you sure you want to leave this team?"
        confirmLabel="Leave Team"
        onConfirm={() => leave.mutate()}
      />
    </div>
  );
}
