/** 'Block' / 'Unblock' on a profile page (docs/product.md#safety); the person is not told. */
import { useState } from 'react';
import { Ban } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorMessage } from '../../components/ui/feedback';
import { errorText } from '../../lib/api';
import { useBlock } from './moderation-queries';

export function BlockButton({ profileId, name, blocked }: { profileId: string; name: string; blocked: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const block = useBlock(profileId);
  return (
    <>
      {blocked ? (
        <Button variant="outline" size="sm" onClick={() => block.mutate(false)} disabled={block.isPending}>
          <Ban aria-hidden className="h-4 w-4" />
          Unblock
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          <Ban aria-hidden className="h-4 w-4" />
          Block
        </Button>
      )}
      {block.isError && <ErrorMessage>{errorText(block.error, 'That did not work.')}</ErrorMessage>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${name}?`}
        question="Neither of you can then send the other a join request or an invitation, pending ones between you are withdrawn, and neither sees the other's contact details. They are not told. You can unblock them in Settings."
        confirmLabel="Block"
        onConfirm={() => block.mutate(true)}
      />
    </>
  );
}
