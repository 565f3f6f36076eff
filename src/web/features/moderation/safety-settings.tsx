/** Settings: who may send me invitations, and the people I blocked, with Unblock (docs/product.md#safety). */
import { Link } from 'react-router';
import { CONTACT_SETTING_LABELS, CONTACT_SETTINGS, type ContactSetting } from '../../../shared/safety';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorMessage, Loading } from '../../components/ui/feedback';
import { errorText } from '../../lib/api';
import { useBlock, useBlocks, useContactSetting, useSetContactSetting } from './moderation-queries';

function UnblockButton({ profileId, name }: { profileId: string; name: string }) {
  const block = useBlock(profileId);
  return (
    <Button variant="outline" size="sm" onClick={() => block.mutate(false)} disabled={block.isPending} aria-label={`Unblock ${name}`}>
      Unblock
    </Button>
  );
}

export function SafetySettings() {
  const blocks = useBlocks();
  const contact = useContactSetting();
  const save = useSetContactSetting();
  return (
    <Card className="p-6" role="region" aria-labelledby="safety-heading">
      <h2 id="safety-heading" className="text-lg font-semibold text-slate-900">
        Safety
      </h2>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-900">Who may send me invitations</legend>
        <p className="text-xs text-slate-500">People can still ask to join the teams you lead.</p>
        {contact.isPending ? (
          <Loading>Loading...</Loading>
        ) : (
          <div className="mt-2 space-y-2">
            {CONTACT_SETTINGS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name="who-may-contact"
                  value={value}
                  checked={(save.variables ?? contact.data?.whoMayContact) === value}
                  onChange={() => save.mutate(value as ContactSetting)}
                />
                {CONTACT_SETTING_LABELS[value]}
              </label>
            ))}
          </div>
        )}
        {save.isError && <ErrorMessage>{errorText(save.error, 'The setting could not be saved.')}</ErrorMessage>}
      </fieldset>
      <h3 className="mt-6 text-sm font-medium text-slate-900">People you blocked</h3>
      {blocks.isPending ? (
        <Loading>Loading...</Loading>
      ) : (blocks.data ?? []).length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No one. Block someone from their profile page.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {blocks.data!.map(({ person }) => (
            <li key={person.id} className="flex items-center justify-between gap-3 py-2">
              <Link to={`/profiles/${person.id}`} className="flex min-w-0 items-center gap-2 text-sm text-slate-900 hover:underline">
                <Avatar person={person} size={32} />
                <span className="truncate">{person.name}</span>
              </Link>
              <UnblockButton profileId={person.id} name={person.name} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
