/** The 'Register Now' address the server is configured with (EVENT_URL). */
export { useEventUrl } from '../../lib/config';
