/** An announcement to a segment of the event (organizers): the unteamed go with the list's current filters. */
import { useState } from 'react';
import { z } from 'zod';
import { AnnouncementInputSchema, SEGMENT_LABELS, type UnteamedFilter } from '../../../shared/api/organize';
import { Field, Select, Textarea } from '../../components/ui/field';
import { Form, FormMessage, SubmitButton, useApiForm } from '../../lib/form';
import { useAnnounce } from './organize-queries';

const KINDS = ['unteamed', 'everyone', 'looking', 'stale_leaders'] as const;
const AnnounceFormSchema = z.object({ message: AnnouncementInputSchema.shape.message, kind: z.enum(KINDS) });

export function AnnounceForm({ slug, filter, filterText }: { slug: string; filter: UnteamedFilter; filterText: string }) {
  const announce = useAnnounce(slug);
  const [sentTo, setSentTo] = useState<number | null>(null);
  const form = useApiForm({
    schema: AnnounceFormSchema,
    defaultValues: { message: '', kind: 'unteamed' },
    submit: ({ message, kind }) => announce.mutateAsync({ message, segment: kind === 'unteamed' ? { kind, filter } : { kind } }),
    onSuccess: (sent) => setSentTo(sent.recipientCount),
    resetOnSuccess: true,
    fieldFor: (name) => (name.startsWith('segment') ? 'kind' : name),
    errorFallback: 'The announcement could not be sent. Please try again.',
  });
  const kind = form.watch('kind');
  return (
    <Form form={form} className="space-y-4">
      <Field label="Send to" error={form.error('kind')} hint={kind === 'unteamed' ? `The list below: ${filterText}` : undefined}>
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
      <Field label="Message" error={form.error('message')}>
        {(props) => <Textarea {...props} rows={4} {...form.register('message')} />}
      </Field>
      <FormMessage success={sentTo === null ? undefined : `Sent to ${sentTo} ${sentTo === 1 ? 'person' : 'people'}`} />
      <SubmitButton busyLabel="Sending...">Send announcement</SubmitButton>
    </Form>
  );
}
