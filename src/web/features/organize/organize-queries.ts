/**
 * What the organizer's desk reads and writes (docs/product.md#the-organizers-desk). The dashboard
 * refreshes every 15 s while open; an announcement refreshes the record and the event's list.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementInput, UnteamedFilter, UnteamedQuery } from '../../../shared/api/organize';
import type { WebhookInput } from '../../../shared/api/webhooks';
import { api, toQuery } from '../../lib/api';
import { organizeKeys, teamKeys } from '../../lib/query-keys';

export const useDashboard = (slug: string) =>
  useQuery({
    queryKey: organizeKeys.dashboard(slug),
    queryFn: ({ signal }) => api('GET /api/events/{slug}/organize', { params: { slug }, signal }),
    refetchInterval: 15_000,
    retry: false,
  });

export const useUnteamed = (slug: string, query: UnteamedQuery) =>
  useQuery({
    queryKey: organizeKeys.unteamed(slug, query),
    queryFn: ({ signal }) => api('GET /api/events/{slug}/organize/unteamed', { params: { slug }, query, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The event's teams whose name or description matches `q`: the choices of the 'a team's members' segment. */
export const useEventTeams = (slug: string, q: string, enabled: boolean) => {
  const query = { event: slug, q: q.trim() || undefined, page: 1, pageSize: 20 };
  return useQuery({
    queryKey: teamKeys.list(query),
    queryFn: ({ signal }) => api('GET /api/teams', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useDeskRecords = (slug: string, enabled: boolean) =>
  useQuery({
    queryKey: organizeKeys.records(slug),
    queryFn: ({ signal }) => api('GET /api/events/{slug}/organize/records', { params: { slug }, signal }),
    enabled,
  });

export function useAnnounce(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementInput) => api('POST /api/events/{slug}/announcements', { params: { slug }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: organizeKeys.records(slug) });
      void client.invalidateQueries({ queryKey: organizeKeys.announcements(slug) });
    },
  });
}

/** The address of a CSV download: a plain link, so the browser streams it to a file. */
export function exportHref(slug: string, list: 'registrants' | 'teams' | 'unteamed', filter: Partial<UnteamedFilter> = {}) {
  const query = list === 'unteamed' ? toQuery(filter) : '';
  return `/api/events/${encodeURIComponent(slug)}/organize/export/${list}${query}`;
}

const webhooksKey = (slug: string) => [...organizeKeys.all(slug), 'webhooks'] as const;

/** The event's webhooks with their latest deliveries; refreshed every 10 s while the desk is open. */
export const useWebhooks = (slug: string) =>
  useQuery({
    queryKey: webhooksKey(slug),
    queryFn: ({ signal }) => api('GET /api/events/{slug}/webhooks', { params: { slug }, signal }),
    refetchInterval: 10_000,
    retry: false,
  });

/** Adding, changing, deleting and redelivering: each refreshes the list. */
export function useWebhookActions(slug: string) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: webhooksKey(slug) });
  return {
    create: useMutation({
      mutationFn: (body: WebhookInput) => api('POST /api/events/{slug}/webhooks', { params: { slug }, body }),
      onSuccess,
    }),
    setActive: useMutation({
      mutationFn: ({ id, active }: { id: string; active: boolean }) =>
        api('PATCH /api/events/{slug}/webhooks/{id}', { params: { slug, id }, body: { active } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api('DELETE /api/events/{slug}/webhooks/{id}', { params: { slug, id } }),
      onSuccess,
    }),
    redeliver: useMutation({
      mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
        api('POST /api/events/{slug}/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { slug, id, deliveryId } }),
      onSuccess,
    }),
  };
}
