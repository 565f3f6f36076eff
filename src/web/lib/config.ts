/** The server's public settings (GET /api/config), read once per visit. */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_EVENT_URL } from '../../shared/hackathon';
import { api } from './api';
import { configKeys } from './query-keys';

export function useConfig() {
  return useQuery({
    queryKey: configKeys.all,
    queryFn: ({ signal }) => api('GET /api/config', { signal }),
    staleTime: Infinity,
  });
}

/** The 'Register Now' address the server is configured with (EVENT_URL); the shared default until it answers. */
export function useEventUrl(): string {
  return useConfig().data?.eventUrl ?? DEFAULT_EVENT_URL;
}
