/** What safety and moderation read and write from the web app (docs/product.md#safety, #moderation). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactSetting, ModerationAction, ReportReason, ReportTarget } from '../../../shared/safety';
import { api } from '../../lib/api';
import { profileKeys } from '../../lib/query-keys';

export const safetyKeys = {
  blocks: ['me', 'blocks'] as const,
  contact: ['me', 'contact-setting'] as const,
  queue: (slug: string | null) => ['moderation', slug ?? '(platform)'] as const,
};

export const useBlocks = () => useQuery({ queryKey: safetyKeys.blocks, queryFn: ({ signal }) => api('GET /api/me/blocks', { signal }) });

/** Block or unblock a person; their profile and the lists refresh. */
export function useBlock(profileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (blocked: boolean) => {
      if (blocked) await api('PUT /api/me/blocks/{profileId}', { params: { profileId } });
      else await api('DELETE /api/me/blocks/{profileId}', { params: { profileId } });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: safetyKeys.blocks });
      void client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export const useContactSetting = () =>
  useQuery({ queryKey: safetyKeys.contact, queryFn: ({ signal }) => api('GET /api/me/contact-setting', { signal }) });

export function useSetContactSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (whoMayContact: ContactSetting) => api('PUT /api/me/contact-setting', { body: { whoMayContact } }),
    onSuccess: (saved) => client.setQueryData(safetyKeys.contact, saved),
  });
}

export const useReport = () =>
  useMutation({
    mutationFn: (body: { targetKind: ReportTarget; targetId: string; reason: ReportReason; note?: string; event?: string }) =>
      api('POST /api/reports', { body }),
  });

export const useQueue = (slug: string | null) =>
  useQuery({
    queryKey: safetyKeys.queue(slug),
    queryFn: ({ signal }) =>
      slug ? api('GET /api/events/{slug}/moderation', { params: { slug }, signal }) : api('GET /api/moderation', { signal }),
    retry: false,
  });

export interface ActionInput {
  action: ModerationAction;
  targetKind: ReportTarget;
  targetId: string;
  profileId?: string;
  reason: string;
}

export function useAct(slug: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActionInput) =>
      slug ? api('POST /api/events/{slug}/moderation/actions', { params: { slug }, body }) : api('POST /api/moderation/actions', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: safetyKeys.queue(slug) }),
  });
}
