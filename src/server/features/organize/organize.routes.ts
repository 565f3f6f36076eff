/**
 * The organizer's desk (src/shared/api/organize.ts, docs/product.md#the-organizers-desk): staff see
 * the dashboard and the unteamed; owners and organizers export and announce; owners see the record.
 */
import { organizeApi, type ExportList } from '../../../shared/api/organize';
import { createRouter, guarded } from '../../api/openapi';
import { orRefuse } from '../../api/outcome';
import { inEvent, ORGANIZERS, STAFF } from '../events';
import { announce, deskRecordsOf, publicAnnouncements, recordAction } from './announcements.repo';
import { dashboardOf } from './dashboard.repo';
import { csvStream } from './export';
import { COLUMNS, exportRows } from './export.repo';
import { unteamedPage } from './unteamed.repo';

/** How long the dashboard's numbers are kept (per instance; this instance's own writes drop them at once). */
export const DASHBOARD_TTL_MS = 5000;

const fileName = (slug: string, list: ExportList) => `${slug}-${list}-${new Date().toISOString().slice(0, 10)}.csv`;

export const organizeRoutes = createRouter()
  // Kept a few seconds per event and shared by staff asking at once: at 130,000 registrants its five
  // aggregates take a while, on PGlite on this thread (longWork: the requests read after it are answered, not shed).
  .openapi(guarded(organizeApi.dashboard, inEvent(STAFF)), async (c) =>
    c.json(
      await c.var.counts.keep(
        `dashboard:${c.var.event.id}`,
        () => c.var.longWork(() => dashboardOf(c.var.db, c.var.event)),
        DASHBOARD_TTL_MS,
      ),
      200,
    ),
  )
  .openapi(guarded(organizeApi.unteamed, inEvent(STAFF)), async (c) =>
    c.json(await unteamedPage(c.var.db, c.var.event.id, c.req.valid('query')), 200),
  )
  .openapi(guarded(organizeApi.exportCsv, inEvent(ORGANIZERS)), async (c) => {
    const { db, event, eventRole, eventViewer, log } = c.var;
    const { list } = c.req.valid('param');
    const filter = c.req.valid('query');
    // Links on PUBLIC_URL, else on the origin the client sees (https behind a TLS proxy).
    const rows = exportRows(db, event.id, list, filter, c.var.auth.linkTo('', c.var.client.origin));
    const body = csvStream(COLUMNS[list], rows, (count) => {
      const recorded = { kind: 'export' as const, what: list, filter: list === 'unteamed' ? { ...filter } : {}, count };
      recordAction(db, { eventId: event.id, byProfileId: eventViewer.profileId!, role: eventRole, ...recorded }).catch((err: unknown) =>
        log.error({ err }, 'recording an export failed'),
      );
    });
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName(event.slug, list)}"`,
    });
  })
  .openapi(guarded(organizeApi.announce, inEvent(ORGANIZERS)), async (c) => {
    const { db, event, eventRole, eventViewer } = c.var;
    const by = { profileId: eventViewer.profileId!, role: eventRole };
    // Email copies go out in the background where SMTP is configured (announcement-mail.ts).
    const sent = orRefuse(await announce(db, event, by, c.req.valid('json'), { mail: c.var.auth.mailer.kind === 'smtp' }));
    return c.json({ id: sent.id, recipientCount: sent.recipientCount }, 201);
  })
  .openapi(guarded(organizeApi.announcements, inEvent()), async (c) => c.json(await publicAnnouncements(c.var.db, c.var.event.id), 200))
  .openapi(guarded(organizeApi.records, inEvent(['owner'])), async (c) => c.json(await deskRecordsOf(c.var.db, c.var.event.id), 200));
