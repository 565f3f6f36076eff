/**
 * What other features' lists and pages read of events: an event's reference (slug, name) and rules
 * as columns of their statements, its id by its address, and whether it is public, each kept a few
 * seconds per instance so a page costs no statement more for them (docs/product.md#events).
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { EventRef } from '../../../shared/api/events';
import type { Database, Db } from '../../db/client';
import { uuidArray } from '../../db/arrays';
import { isoOfTimestamptz } from '../../db/instants';
import { prepared } from '../../db/prepared';
import { events } from '../../db/schema';

/** For lists of other features: an event's short reference, a column of the outer query's row (`eventId`). */
export const eventRefOf = (eventId: AnyPgColumn | SQL) =>
  // Aliased: lists read it through a subquery (api/paging.ts).
  sql<EventRef>`(select json_build_object('slug', e.slug, 'name', e.name) from ${events} e where e.id = ${eventId})`.as('event');

/** For a team's suggestions: its event's team formation deadline (ISO 8601, or null), a column of the outer query's row. */
export const formationDeadlineOf = (eventId: AnyPgColumn) =>
  sql<string | null>`(select e.formation_deadline from ${events} e where e.id = ${eventId})`.mapWith(isoOfTimestamptz);

/** An events row is public (published, not hidden): rules.ts `isPublic`, in a statement over `events`. */
export const publicEvent = sql<boolean>`(${events.state} = 'published' and not ${events.hidden})`;

/** How long an instance keeps what it read of an event for lists and pages: its reference, rules, whether it is public. */
export const EVENT_REF_TTL_MS = 10_000;

interface KeptSlug {
  id: string;
  /** Published and not hidden: its teams and people are listed. */
  listed: boolean;
  until: number;
}
/** Per database, how many times an event was saved here (forgetEvent). */
const saves = new WeakMap<Db, number>();
/**
 * Called before a read of events, then asked after it: whether no event was saved here meanwhile. A
 * read begun before a save may hold the event as it was: it answers, but is not kept.
 */
function noSaveSince(db: Db): () => boolean {
  const before = saves.get(db) ?? 0;
  return () => (saves.get(db) ?? 0) === before;
}

/** Slug -> what lists need of the event, per database, each until it is due again. */
const slugsKept = new WeakMap<Db, Map<string, KeptSlug>>();

async function keptSlug(db: Db, slug: string): Promise<KeptSlug | null> {
  let known = slugsKept.get(db);
  if (!known) slugsKept.set(db, (known = new Map()));
  const key = slug.toLowerCase();
  const now = Date.now();
  const hit = known.get(key);
  if (hit && hit.until > now) return hit;
  const unsaved = noSaveSince(db);
  const [row] = await prepared(db, 'event_listed_by_slug', (db, name) =>
    db
      .select({ id: events.id, listed: publicEvent })
      .from(events)
      .where(eq(events.slug, sql.placeholder('slug')))
      .prepare(name),
  ).execute({ slug: key });
  if (!row) return null;
  if (known.size >= 10_000) known.clear();
  const kept = { ...row, until: now + EVENT_REF_TTL_MS };
  if (unsaved()) known.set(key, kept);
  return kept;
}

/**
 * The id of the event with this slug, or null. Lists filtered by event send the id itself, so the
 * planner can tell the large event from a small one (a subquery's id hides it); it is kept
 * EVENT_REF_TTL_MS, so a filtered list costs no statement more than the same list over all events.
 */
export async function eventIdBySlug(db: Db, slug: string): Promise<string | null> {
  return (await keptSlug(db, slug))?.id ?? null;
}

/**
 * For the public lists filtered by event (teams, people, suggestions): the event's id if it is
 * published and not hidden, else null, as for an unknown address (nothing is listed). A draft has
 * no one taking part; a hidden event's teams and people are listed to no one (docs/product.md#events).
 */
export async function listedEventIdBySlug(db: Db, slug: string): Promise<string | null> {
  const kept = await keptSlug(db, slug);
  return kept?.listed ? kept.id : null;
}

/** Per database, the ids of the events not public that have teams, until they are due again. */
const unlistedKept = new WeakMap<Db, { ids: string[]; until: number }>();

/**
 * The events whose teams the lists over all events leave out: hidden by an admin, or (taken back
 * to a draft before that was refused) drafts, with teams. Nearly always none, and then the lists
 * are the statements they were; kept EVENT_REF_TTL_MS per instance.
 */
export async function unlistedEventsWithTeams(db: Db): Promise<string[]> {
  const now = Date.now();
  const hit = unlistedKept.get(db);
  if (hit && hit.until > now) return hit.ids;
  const unsaved = noSaveSince(db);
  const rows = await prepared(db, 'unlisted_events_with_teams', (db, name) =>
    db
      .select({ id: events.id })
      .from(events)
      .where(sql`not ${publicEvent} and ${events.teamCount} > 0`)
      .orderBy(asc(events.id))
      .prepare(name),
  ).execute();
  const ids = rows.map((r) => r.id);
  if (unsaved()) unlistedKept.set(db, { ids, until: now + EVENT_REF_TTL_MS });
  return ids;
}

/** What pages of other features read of an event, kept per instance: its reference, its rules for teams, whether it is public. */
export interface EventFacts {
  ref: EventRef;
  /** The deadline as ISO 8601 text, as the API writes it. */
  rules: { formationDeadline: string | null; teamSizeMin: number; teamSizeMax: number };
  /** Published and not hidden: its teams and people are shown to everyone. */
  listed: boolean;
}

/** Id -> what was read of the event, per database, each until it is due again. */
const factsById = new WeakMap<Db, Map<string, { facts: EventFacts; until: number }>>();

/**
 * What pages read of these events (eventRefsById, eventFactsById): kept EVENT_REF_TTL_MS per
 * instance, so a page costs no statement for them once its events were read (read for each card in
 * the page's statement, they were half the database's time of the teams list's first page; on a
 * team's page, a fifth of its statement). A new name, rule or state shows at once through the
 * instance that saved it (updateEvent) and, as soon as it is committed, through the others
 * (followEventSaves); within EVENT_REF_TTL_MS should their notice be lost. The rules are enforced on
 * every write from the event's row, never from here.
 */
async function keptFacts(db: Db, ids: Iterable<string>): Promise<Map<string, EventFacts>> {
  let known = factsById.get(db);
  if (!known) factsById.set(db, (known = new Map()));
  const now = Date.now();
  const out = new Map<string, EventFacts>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const hit = known.get(id);
    if (hit && hit.until > now) out.set(id, hit.facts);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const unsaved = noSaveSince(db);
  const rows = await db
    .select({
      id: events.id,
      slug: events.slug,
      name: events.name,
      formationDeadline: events.formationDeadline,
      teamSizeMin: events.teamSizeMin,
      teamSizeMax: events.teamSizeMax,
      listed: publicEvent,
    })
    .from(events)
    .where(sql`${events.id} = any(${uuidArray(missing)})`);
  if (known.size >= 10_000) known.clear();
  const keep = unsaved();
  for (const { id, slug, name, listed, formationDeadline, teamSizeMin, teamSizeMax } of rows) {
    const facts = {
      ref: { slug, name },
      rules: { formationDeadline: formationDeadline?.toISOString() ?? null, teamSizeMin, teamSizeMax },
      listed,
    };
    if (keep) known.set(id, { facts, until: now + EVENT_REF_TTL_MS });
    out.set(id, facts);
  }
  return out;
}

/** The references (slug, name) of these events, for a page of cards (keptFacts). */
export async function eventRefsById(db: Db, ids: Iterable<string>): Promise<Map<string, EventRef>> {
  const facts = await keptFacts(db, ids);
  return new Map([...facts].map(([id, f]) => [id, f.ref]));
}

/** For a team's page: its event's reference, rules and whether it is public (keptFacts); null for no such event. */
export async function eventFactsById(db: Db, id: string): Promise<EventFacts | null> {
  return (await keptFacts(db, [id])).get(id) ?? null;
}

/**
 * After an event was saved (here, or on another instance: followEventSaves): this instance reads its
 * name, rules and state again at once.
 */
export function forgetEvent(db: Db, event: { id: string; slug: string }) {
  saves.set(db, (saves.get(db) ?? 0) + 1);
  factsById.get(db)?.delete(event.id);
  slugsKept.get(db)?.delete(event.slug.toLowerCase());
  unlistedKept.delete(db);
}

/** Every event read again: after the database's notifications were missed (a lost connection). */
function forgetEvents(db: Db) {
  saves.set(db, (saves.get(db) ?? 0) + 1);
  factsById.delete(db);
  slugsKept.delete(db);
  unlistedKept.delete(db);
}

/** The channel on which migration 0032's trigger says '<id> <slug>' of an event saved (its name, state, rules). */
export const EVENT_SAVES_CHANNEL = 'hackteams_events';

/**
 * Another instance's save of an event reaches what this one keeps of it as soon as it is committed,
 * not EVENT_REF_TTL_MS later. Answers how to stop listening.
 */
export function followEventSaves(db: Db, listen: Database['listen']): Promise<() => Promise<void>> {
  return listen(
    EVENT_SAVES_CHANNEL,
    (payload) => {
      const [id, slug] = payload.split(' ');
      if (id && slug) forgetEvent(db, { id, slug });
    },
    () => forgetEvents(db),
  );
}
