/**
 * What a test or benchmark client needs to talk to the server (the in-memory app or a real
 * process): the session cookie of an answer, a request asked again after a 503's Retry-After, and a
 * Server-Sent Events answer read event by event.
 */

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A request as the API asks clients to make one (docs/api.md): a 503 (a sign-in rush, or the server
 * turning away requests that wait too long) is asked again after its Retry-After seconds (1 if it
 * names none), at most `times` times; the last answer is returned, whatever its status.
 */
export async function askingAgainAfter503(send: () => Promise<Response>, times = Number.POSITIVE_INFINITY): Promise<Response> {
  for (let asked = 0; ; asked++) {
    const res = await send();
    if (res.status !== 503 || asked >= times) return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000 * (Number(res.headers.get('retry-after')) || 1)));
  }
}

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** One event block ('event:', 'id:', 'data:' lines), or null for a comment (keep-alive) or retry-only block. */
function parse(block: string): SseEvent | null {
  const event: SseEvent = { event: 'message', data: '' };
  let any = false;
  for (const line of block.split('\n')) {
    const [, field, value] = /^([a-z]+): ?(.*)$/.exec(line) ?? [];
    if (field === 'event') event.event = value;
    else if (field === 'id') event.id = value;
    else if (field === 'data') event.data += value;
    else continue;
    any = true;
  }
  return any ? event : null;
}

export function eventReader(res: Response) {
  if (!res.body) throw new Error('no body');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  // A read still waiting when a timeout won the race is the next one's, so no chunk is lost.
  let pending: ReturnType<typeof reader.read> | null = null;

  /** The next event, or 'timeout' when none comes within `timeoutMs`. */
  async function next(timeoutMs = 2000): Promise<SseEvent | 'timeout'> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const event = parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) return event;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) return 'timeout';
      let timer: NodeJS.Timeout | undefined;
      pending ??= reader.read();
      const chunk = await Promise.race([
        pending,
        new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left))),
      ]);
      clearTimeout(timer);
      if (chunk === 'timeout') return 'timeout';
      pending = null;
      if (chunk.done) throw new Error('stream ended');
      buffer += chunk.value;
    }
  }
  return { next, close: () => reader.cancel() };
}
