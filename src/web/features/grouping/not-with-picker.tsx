/**
 * 'People you do not want to be grouped with' (docs/product.md#grouping): found by name among the
 * event's people, or by the address of their profile page. Adding or removing someone changes the
 * list on screen only; the page's 'Find me a team' or 'Save' sends it.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { PersonRef as FullPersonRef } from '../../../shared/api/refs';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { api, errorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** How many people a name search offers; a longer name narrows it. */
const FOUND_LIMIT = 6;

/** Someone on the list: as much of a person reference as the page keeps. */
type PersonRef = Pick<FullPersonRef, 'id' | 'name'>;

export function NotWithPicker({ slug, notWith, onChange }: { slug: string; notWith: PersonRef[]; onChange: (list: PersonRef[]) => void }) {
  const ownId = useAuth().profile?.id;
  const [text, setText] = useState('');
  // Adding or removing takes away the button pressed: the keyboard goes back to the field.
  const field = useRef<HTMLInputElement>(null);
  const add = (person: PersonRef) => {
    if (!notWith.some((p) => p.id === person.id)) onChange([...notWith, person]);
    setText('');
    find.reset();
    lookup.reset();
    field.current?.focus();
  };
  // A pasted address: that profile, whoever it is.
  const lookup = useMutation({
    mutationFn: (id: string) => api('GET /api/profiles/{id}', { params: { id } }),
    onSuccess: (found) => add({ id: found.id, name: found.name }),
  });
  // A name: the event's people it finds (their own profile and those already listed left out).
  const find = useMutation({
    mutationFn: (q: string) => api('GET /api/profiles', { query: { event: slug, q, pageSize: FOUND_LIMIT + 1 + notWith.length } }),
  });
  const id = text.match(UUID)?.[0];
  const self = Boolean(id && id === ownId);
  const name = id ? undefined : text.trim();
  const found = find.data?.items.filter((p) => p.id !== ownId && !notWith.some((x) => x.id === p.id)).slice(0, FOUND_LIMIT);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (id && !self) lookup.mutate(id);
    else if (name) find.mutate(name);
  };
  const error = self
    ? 'That is your own profile'
    : lookup.isError
      ? errorText(lookup.error, 'No profile has this address')
      : find.isError
        ? errorText(find.error, 'Could not search')
        : undefined;
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">People you do not want to be grouped with</p>
      <p className="text-xs text-slate-600">
        Nobody is told. Find them by name among the people taking part, or paste the address of their profile page.
      </p>
      {notWith.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Not to be grouped with">
          {notWith.map((p) => (
            <li key={p.id} className="flex items-center gap-2">
              {p.name}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  onChange(notWith.filter((x) => x.id !== p.id));
                  field.current?.focus();
                }}
              >
                Remove {p.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {/* A form of its own (Enter searches or adds); the page's buttons are outside it. */}
      <form className="mt-2 flex gap-2" onSubmit={submit} role="search" aria-label="Find someone not to be grouped with">
        <Field label="Name or profile address" className="flex-1" error={error}>
          {(props) => (
            <Input
              {...props}
              ref={field}
              value={text}
              onChange={(e) => {
                lookup.reset();
                find.reset();
                setText(e.target.value);
              }}
              placeholder="e.g., Ada Lovelace or /profiles/..."
            />
          )}
        </Field>
        <Button
          type="submit"
          variant="outline"
          className="mt-[26px] self-start"
          disabled={!text.trim() || self || lookup.isPending || find.isPending}
        >
          {id ? 'Add' : 'Search'}
        </Button>
      </form>
      <div className="mt-2" aria-live="polite">
        {found &&
          (found.length === 0 ? (
            <p className="text-sm text-slate-600">No one else taking part here matches '{find.variables}'.</p>
          ) : (
            <ul className="space-y-1 text-sm" aria-label="People found">
              {found.map((p) => (
                <li key={p.id} className="flex items-center gap-2">
                  {p.name}
                  <Button variant="outline" size="sm" onClick={() => add({ id: p.id, name: p.name })}>
                    Add {p.name}
                  </Button>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
}
