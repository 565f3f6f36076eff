/**
 * What the organizer screens read and write (keys from lib/query-keys): an event, its staff, the
 * featured event. Each mutation refreshes what it changed: the event (and the lists that show it),
 * or its staff.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AddStaffSchema, UpdateEventSchema } from '../../../shared/event-schemas';
import type { EventRole } from '../../../shared/constants';
import { api } from '../../lib/api';
import { eventKeys, profileKeys, teamKeys } from '../../lib/query-keys';
import type { EventInput } from './event-form-schema';

export const useStaff = (slug: string, enabled = true) =>
  useQuery({
    queryKey: eventKeys.staff(slug),
    queryFn: ({ signal }) => api('GET /api/events/{slug}/staff', { params: { slug }, signal }),
    enabled,
  });

export function useCreateEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EventInput) => api('POST /api/events', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.lists() }),
  });
}

export function useUpdateEvent(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof UpdateEventSchema>) => api('PATCH /api/events/{slug}', { params: { slug }, body }),
    onSuccess: (saved) => {
      qc.setQueryData(eventKeys.detail(slug), saved);
      // Lists show its name and phase; teams show its name and whether they are locked.
      void qc.invalidateQueries({ queryKey: eventKeys.lists() });
      void qc.invalidateQueries({ queryKey: eventKeys.featured() });
      void qc.invalidateQueries({ queryKey: teamKeys.all });
      void qc.invalidateQueries({ queryKey: profileKeys.lists() });
    },
  });
}

export function useSetFeatured() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => api('PUT /api/events/featured', { body: { slug } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useAddStaff(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof AddStaffSchema>) => api('POST /api/events/{slug}/staff', { params: { slug }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.staff(slug) }),
  });
}

export function useSetStaffRole(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, role }: { profileId: string; role: EventRole }) =>
      api('PATCH /api/events/{slug}/staff/{profileId}', { params: { slug, profileId }, body: { role } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.detail(slug) }),
  });
}

export function useRemoveStaff(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => api('DELETE /api/events/{slug}/staff/{profileId}', { params: { slug, profileId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.detail(slug) }),
  });
}
