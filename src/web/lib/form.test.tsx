/** The one form mechanism (form.tsx), as a person filling in a form meets it. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field, Input } from '../components/ui/field';
import { ApiRequestError } from './api';
import { Form, FormMessage, SubmitButton, useApiForm } from './form';

const Schema = z.object({
  title: z.string().trim().min(3, 'Title must be at least 3 characters'),
  note: z.string().trim().max(10, 'Note must not exceed 10 characters'),
});

function TestForm({ submit }: { submit: (values: z.output<typeof Schema>) => Promise<unknown> }) {
  const form = useApiForm({ schema: Schema, defaultValues: { title: '', note: '' }, submit, errorFallback: 'Failed to save' });
  return (
    <Form form={form}>
      <FormMessage success="Saved!" />
      <Field label="Title" error={form.error('title')}>
        {(p) => <Input {...p} {...form.register('title')} />}
      </Field>
      <Field label="Note" error={form.error('note')}>
        {(p) => <Input {...p} {...form.register('note')} />}
      </Field>
      <SubmitButton busyLabel="Saving...">Save</SubmitButton>
    </Form>
  );
}

describe('useApiForm', () => {
  it('checks with the schema: the message sits on its field, the keyboard goes there, nothing is sent', async () => {
    const submit = vi.fn();
    render(<TestForm submit={submit} />);
    await userEvent.type(screen.getByLabelText('Note'), 'far too long a note');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(title).toHaveAccessibleDescription('Title must be at least 3 characters'));
    expect(screen.getByLabelText('Note')).toHaveAccessibleDescription('Note must not exceed 10 characters');
    await waitFor(() => expect(title).toHaveFocus());
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the parsed values, is busy while sending, then says it saved until the next change', async () => {
    let finish = () => {};
    const submit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<TestForm submit={submit} />);
    await userEvent.type(screen.getByLabelText('Title'), '  Hello  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    expect(submit).toHaveBeenCalledWith({ title: 'Hello', note: '' });
    finish();
    expect(await screen.findByRole('status')).toHaveTextContent('Saved!');
    await userEvent.type(screen.getByLabelText('Note'), 'x');
    await waitFor(() => expect(screen.queryByText('Saved!')).toBeNull());
  });

  it("puts the server's field messages on their fields and moves the keyboard to the first", async () => {
    const submit = vi.fn().mockRejectedValue(new ApiRequestError(400, 'Note is taken', { note: 'Note is taken' }));
    render(<TestForm submit={submit} />);
    await userEvent.type(screen.getByLabelText('Title'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const note = screen.getByLabelText('Note');
    await waitFor(() => expect(note).toHaveAccessibleDescription('Note is taken'));
    await waitFor(() => expect(note).toHaveFocus());
    // A message on a field is not repeated above the form.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a message for no field on screen above the form, and the fallback for a server failure', async () => {
    const submit = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError(409, 'This already exists', { teamId: 'Team not found' }))
      .mockRejectedValueOnce(new ApiRequestError(500, 'Something went wrong. Please try again.'));
    render(<TestForm submit={submit} />);
    await userEvent.type(screen.getByLabelText('Title'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This already exists');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save'));
  });
});
