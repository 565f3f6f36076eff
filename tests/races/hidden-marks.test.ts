/**
 * A bio hidden by two marks at once (docs/product.md#moderation): one queue shows it again while another
 * queue or a platform ban hides it. The flag search reads (profiles.bio_hidden, migration 0029) must end
 * as 'hidden': the lifting transaction waits for the person's row, and must then see the new mark.
 * PGlite runs one transaction at a time: PostgreSQL only (`npm run test:races`).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { holdRows, untilWaiting } from './locks';
import { h, useRaceWorld } from './world';

useRaceWorld();

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

it('a mark lifted while another is added leaves the bio hidden, and its words out of search', async () => {
  const person = await h.signUp({ firstName: 'Rita' });
  await h.db.execute(sql`update profiles set bio = 'Buy my coins' where id = ${person.profileId}`);
  const mark = (reason: string) => sql`insert into hidden_content (kind, target_id, reason) values ('bio', ${person.profileId}, ${reason})`;
  const [first] = rows<{ id: string }>(await h.db.execute(sql`${mark('Spam')} returning id`));

  // The second mark's transaction holds the person's row (its trigger set the flag) until let go;
  // lifting the first comes to wait for that row, and is let go once it waits.
  const adding = await holdRows(h, mark('Scam links'));
  // (A query runs once awaited: the async function sends it now.)
  const lifting = (async () => h.db.execute(sql`update hidden_content set lifted_at = now() where id = ${first.id}`))();
  await untilWaiting(h, 1);
  await adding.release();
  await lifting;

  const [flag] = rows<{ bio_hidden: boolean }>(await h.db.execute(sql`select bio_hidden from profiles where id = ${person.profileId}`));
  expect(flag.bio_hidden).toBe(true);
  const found = await h.api('GET /api/profiles', { query: { q: 'my coins' }, cookie: person.cookie });
  expect(found.body.items!.map((p: { id: string }) => p.id)).not.toContain(person.profileId);
});
