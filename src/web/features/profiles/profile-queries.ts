import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OwnProfile } from '../../../shared/api-types';
import { api, ApiRequestError } from '../../lib/api';
import { meQueryKey } from '../../lib/auth';
import { focusFirstInvalid, validate } from '../../lib/validate';

export const ownProfileQueryKey = ['own-profile'] as const;

export function useOwnProfile() {
  return useQuery({
    queryKey: ownProfileQueryKey,
    queryFn: () => api<OwnProfile>('/api/profile'),
    // 401 and 404 will not fix themselves; other failures get the Retry button.
    retry: (count, err) => !(err instanceof ApiRequestError && err.status < 500) && count < 2,
  });
}

/**
 * A write to the signed-in user's profile. Every write answers with the updated profile, which
 * replaces the cached one; lists, the public page and the navbar (name, avatar) refetch.
 */
export function useProfileWrite<V>(write: (vars: V) => Promise<OwnProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (profile) => {
      queryClient.setQueryData(ownProfileQueryKey, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['profiles'] }),
        queryClient.invalidateQueries({ queryKey: ['profile', profile.id] }),
        queryClient.invalidateQueries({ queryKey: ['skills'] }),
      ]);
    },
    // A conflict means the profile changed elsewhere: show its current state.
    onError: (err) => {
      if (err instanceof ApiRequestError && err.status === 409) void queryClient.invalidateQueries({ queryKey: ownProfileQueryKey });
    },
  });
}

/** The server's message for a failed write, or the spec's fallback text. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.status > 0 && err.status < 500 ? err.message : fallback;
}

export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiRequestError ? err.fields : {};
}

/**
 * One edit section of the own profile (basic, contact): its values, their check with the
 * server's schema, and the PUT to /api/profiles/{id}/{section}. `saved` is true after a save
 * until the next change.
 */
export function useProfileSectionForm<T extends object>(profileId: string, section: 'basic' | 'contact', schema: z.ZodType, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useProfileWrite((input: T) =>
    api<OwnProfile>(`/api/profiles/${profileId}/${section}`, { method: 'PUT', body: input }));

  const set = (patch: Partial<T>) => {
    setValues((v) => ({ ...v, ...patch }));
    setSaved(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { errors: invalid } = validate(schema, values);
    setErrors(invalid ?? {});
    if (invalid) {
      focusFirstInvalid(e.currentTarget);
      return;
    }
    save.mutate(values, {
      onSuccess: () => setSaved(true),
      onError: (err) => setErrors(fieldErrors(err)),
    });
  };

  return { values, set, errors, saved, save, submit };
}
