import { useQuery } from '@tanstack/react-query';
import { DEFAULT_EVENT_URL } from '../../../shared/hackathon';
import { api } from '../../lib/api';
import { configKeys } from '../../lib/query-keys';

/** The 'Register Now' address the server is configured with (EVENT_URL). */
export function useEventUrl(): string {
  const { data } = useQuery({
    queryKey: configKeys.all,
    queryFn: ({ signal }) => api('GET /api/config', { signal }),
    staleTime: Infinity,
    // The shared default is a real address, so the link works before (or without) the answer.
    placeholderData: { eventUrl: DEFAULT_EVENT_URL, socialProviders: [] },
  });
  return data?.eventUrl ?? DEFAULT_EVENT_URL;
}
