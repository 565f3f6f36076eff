/**
 * The state of a list page (search, filters, page) kept in the URL, read through the same shared
 * schema the server parses the list query with: a filtered view survives reload, can be shared,
 * and Back steps through filter and page changes. Typing in the search box is applied once the
 * user pauses, replacing the history entry rather than adding one per keystroke.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

export const SEARCH_DELAY_MS = 300;

type ListQuery = { q?: string | undefined; page: number };

/** The URL query of `state`, leaving out what equals the schema's default (page 1, no filter). */
export function listSearch<T extends ListQuery>(state: T, defaults: T): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state as Record<string, unknown>)) {
    if (JSON.stringify(value) === JSON.stringify((defaults as Record<string, unknown>)[key])) continue;
    if (value === undefined || value === null || value === false || value === '') continue;
    if (key === 'q' && typeof value === 'string' && !value.trim()) continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  return params.toString();
}

/**
 * The list state a URL holds, by the server's own schema; a value the server would refuse (a
 * page past the last, a search pasted longer than the limit) falls back to its default, so the
 * page never sends it.
 */
export function parseListQuery<S extends z.ZodType>(schema: S, raw: Record<string, string>): z.output<S> {
  const values: Record<string, string> = { ...raw };
  for (let tries = 0; tries < 20; tries++) {
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    if (![...bad].some((key) => key in values)) break;
    for (const key of bad) delete values[key];
  }
  return schema.parse({});
}

export function useListFilters<S extends z.ZodType<ListQuery>>(schema: S) {
  type Filters = z.output<S>;
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // The router applies a URL change in a transition; until it has, the new state is shown
  // straight away, so a clicked control never flips back for a moment.
  const [pending, setPending] = useState<{ from: string; to: string } | null>(null);
  const current = pending && pending.from === search ? pending.to : search;
  // Once the URL has moved on, it is the truth again, also when Back returns to where we started.
  useEffect(() => setPending(null), [search]);

  const defaults = useMemo(() => schema.parse({}) as Filters, [schema]);
  const filters = useMemo(() => parseListQuery(schema, Object.fromEntries(new URLSearchParams(current))) as Filters, [schema, current]);
  // The search as typed (the schema trims it), so the box and the URL never disagree mid-word.
  const urlQ = new URLSearchParams(current).get('q') ?? '';

  const [searchText, setSearchText] = useState(urlQ);
  const [seenQ, setSeenQ] = useState(urlQ);
  if (urlQ !== seenQ) {
    // The URL changed on its own (Back, a link): the search box follows it.
    setSeenQ(urlQ);
    setSearchText(urlQ);
  }

  /**
   * Changes the list state; any change but a page goes back to page 1, and text typed but not
   * yet applied goes along, so a reload right after keeps both. Choosing a filter or a page is a
   * step Back returns from; pass `replace` for one that is not. `keepScroll`: a new page too leaves
   * the scrolling to the caller (a list lower on its page scrolls to its own top).
   */
  const update = (next: Partial<Filters>, { replace = false, keepScroll = false } = {}) => {
    const to = listSearch({ ...filters, q: searchText, page: 1, ...next }, defaults);
    if (to === search) {
      // Nothing changes (say, Reset Filters with no filter set): no history entry that does nothing.
      setPending(null);
      return;
    }
    setPending({ from: search, to });
    // A filter changes the list where it is: the page stays where the person is (a control halfway
    // down a page, clicked right after leaving a text box whose change moved the page to the top,
    // was missed). A new page of the list starts at the top, as a new page does.
    setParams(new URLSearchParams(to), { replace, preventScrollReset: keepScroll || !('page' in next) });
  };

  const updateRef = useRef(update);
  useEffect(() => {
    updateRef.current = update;
  });
  useEffect(() => {
    if (searchText === urlQ) return;
    const timer = setTimeout(() => updateRef.current({ q: searchText } as Partial<Filters>, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, urlQ]);

  return { filters, update, searchText, setSearchText };
}
