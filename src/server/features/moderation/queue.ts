/**
 * A moderation queue as its staff read it (docs/product.md#moderation): report groups, bans, what is
 * hidden, and for owners the record.
 */
import type { HiddenView, ModerationQueue, ReportGroup } from '../../../shared/api/moderation';
import type { HiddenKind, ReportReason, ReportTarget } from '../../../shared/safety';
import type { Db } from '../../db/client';
import { staffAmong } from '../events';
import { activeBans, activeHides, bannedAmong, hiddenAmong } from '../safety';
import { actionRecord, openReportGroups, personRefs } from './reports.repo';
import { findTarget, HIDES } from './targets';

export async function queueOf(db: Db, eventId: string | null, withRecord: boolean): Promise<ModerationQueue> {
  const groups = await openReportGroups(db, eventId);
  const bans = await activeBans(db, eventId);
  const ids = [...new Set([...groups.map((g) => g.subjectId), ...bans.map((b) => b.profileId)].filter((id): id is string => !!id))];
  const refs = await personRefs(db, ids);
  const banned = await bannedAmong(db, ids, eventId);
  // One statement per kind of target and one for the staff, not one each per report group (at most 200).
  const hiddenByKind = new Map<ReportTarget, Map<string, string>>();
  for (const kind of new Set(groups.map((g) => g.targetKind as ReportTarget))) {
    const targetIds = groups.filter((g) => g.targetKind === kind).map((g) => g.targetId);
    hiddenByKind.set(kind, await hiddenAmong(db, HIDES[kind], targetIds));
  }
  const staff = eventId ? await staffAmong(db, eventId, ids) : new Set<string>();
  const reports: ReportGroup[] = [];
  for (const g of groups) {
    const kind = g.targetKind as ReportTarget;
    const target = await findTarget(db, kind, g.targetId, null);
    reports.push({
      targetKind: kind,
      targetId: g.targetId,
      label: target?.label ?? 'Removed',
      link: target?.link ?? null,
      subject: (g.subjectId && refs.get(g.subjectId)) || null,
      count: g.count,
      firstReportedAt: new Date(g.firstReportedAt).toISOString(),
      reasons: g.reasons as ReportReason[],
      notes: g.notes ?? [],
      snapshot: g.snapshot,
      hidden: !!hiddenByKind.get(kind)?.has(g.targetId),
      subjectBanned: g.subjectId ? banned.has(g.subjectId) : false,
      subjectStaff: !!(g.subjectId && staff.has(g.subjectId)),
    });
  }
  return {
    reports,
    bans: bans.flatMap((b) => {
      const person = refs.get(b.profileId);
      return person ? [{ person, reason: b.reason, createdAt: b.createdAt.toISOString() }] : [];
    }),
    hidden: await hiddenHere(db, eventId),
    record: withRecord ? await actionRecord(db, eventId) : null,
  };
}

/** What is reported to hide each kind of content (the inverse of HIDES). */
const REPORTED_AS = Object.fromEntries(Object.entries(HIDES).map(([target, hides]) => [hides, target])) as Record<HiddenKind, ReportTarget>;

/** What a moderator hid here, as the queue names it; what no longer exists is left out. */
async function hiddenHere(db: Db, eventId: string | null): Promise<HiddenView[]> {
  const views: HiddenView[] = [];
  for (const h of await activeHides(db, eventId)) {
    const targetKind = REPORTED_AS[h.kind];
    const target = await findTarget(db, targetKind, h.targetId, null);
    if (target)
      views.push({
        targetKind,
        targetId: h.targetId,
        label: target.label,
        link: target.link,
        reason: h.reason,
        createdAt: h.createdAt.toISOString(),
      });
  }
  return views;
}
