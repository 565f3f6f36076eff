/**
 * What a test or benchmark client needs to talk to the server (the in-memory app or a real
 * process): the path of a call of a contract route, the session cookie of an answer, and a
 * Server-Sent Events answer read event by event.
 */

/** What a query value may be on the wire: text, a number, a flag, or a list (sent comma-separated). */
export type QueryValue = string | number | boolean | readonly (string | number)[];

/**
 * The path of a call of a route: its path parameters put into the template ('/api/teams/{id}'),
 * each encoded, and the query appended in the order given (undefined values left out).
 */
export function routePath(template: string, params: Record<string, unknown> = {}, query: Record<string, QueryValue | undefined> = {}) {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${template}: no value for the path parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value))}`],
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
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
