/**
 * The embedded database's backup, taken on the connection the app goes on using: it waits for a
 * transaction in progress instead of landing in it, and leaves the connection as it found it. The
 * round trip through real processes is tests/backup (npm run test:backup).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../client';
import { appSettings } from '../schema';
import { asBackup, BACKUP_HEADER } from './dump';

describe('a backup of the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  }, 60_000);
  afterAll(() => database.close());

  it('waits for a transaction in progress, and the app goes on reading and writing after it', async () => {
    let backupAsked!: () => void;
    const asked = new Promise<void>((resolve) => (backupAsked = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ key: 'written-before-backup', value: 'one' });
      backupAsked();
      // The backup is asked for now: it must neither run inside this transaction nor see half of it.
      await new Promise((r) => setTimeout(r, 200));
      await tx.insert(appSettings).values({ key: 'written-before-backup-too', value: 'two' });
    });
    await asked;
    const backup = await database.backup!();
    await transaction;
    expect(backup).toContain("'written-before-backup', 'one'");
    expect(backup).toContain("'written-before-backup-too', 'two'");

    // pg_dump's read-only transaction and settings (an empty search_path among them) are gone.
    await database.db.insert(appSettings).values({ key: 'written-after-backup', value: 'three' });
    const [row] = await queryRows<{ value: string }>(database.db, sql`select value from app_settings where key = 'written-after-backup'`);
    expect(row.value).toBe('three');
    const [settings] = await queryRows<{ search_path: string; restricted: string }>(
      database.db,
      sql`select current_setting('search_path') as search_path, current_setting('restrict_nonsystem_relation_kind') as restricted`,
    );
    expect(settings).toEqual({ search_path: 'public', restricted: '' });
  }, 60_000);

  it('keeps what the app listens to (live notifications, the matching index) listening', async () => {
    const heard: string[] = [];
    const stop = await database.listen('backup_test', (payload) => heard.push(payload));
    await database.backup!();
    await database.notify('backup_test', 'after the backup');
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(['after the backup']);
    await stop();
  }, 60_000);

  it('starts with its header and loads on PostgreSQL 15: no setting 15 does not know, no psql-only lines', async () => {
    const backup = await database.backup!();
    expect(backup.startsWith(`${BACKUP_HEADER} of the embedded database, taken `)).toBe(true);
    expect(backup).not.toMatch(/transaction_timeout/);
    expect(backup).not.toMatch(/^\\/m);
  }, 60_000);
});

describe('asBackup', () => {
  const preamble = ['--', '-- PostgreSQL database dump', '--', ''];
  const rows = [
    '--',
    '-- Name: notes; Type: TABLE',
    '--',
    "INSERT INTO public.notes VALUES ('a bio that says",
    'SET transaction_timeout = 0;',
    '\\restrict mine',
    "and goes on');",
    '',
  ];

  it("takes out the preamble's psql guard and PostgreSQL 17's setting, and leaves what users wrote alone", () => {
    const dump = [
      ...preamble,
      '\\restrict k3y',
      'SET statement_timeout = 0;',
      'SET transaction_timeout = 0;',
      '',
      ...rows,
      '\\unrestrict k3y',
      '',
    ];
    const backup = asBackup(dump.join('\n'), 'postgres', new Date('2026-11-25T10:00:00Z'));
    const header = `${BACKUP_HEADER} of the PostgreSQL database, taken 2026-11-25T10:00:00.000Z`;
    expect(backup).toBe([header, ...preamble, 'SET statement_timeout = 0;', '', ...rows, ''].join('\n'));
  });
});
