/**
 * Messages are reported where they are read (docs/product.md#moderation): an invitation's by the person
 * invited, in the Notifications tab; an announcement on its entry there (not in the navbar's popover).
 * Each Report button names what it reports, starting with its visible word.
 */
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { InboxItem } from '../../../shared/api/notifications';
import { answerFetch, renderScreen } from '../../testing/render';
import { REPORT_RECEIVED, sendReport } from '../../testing/report-dialog';
import { InboxEntry } from './inbox';
import { NotificationsPanel } from './notifications-panel';

const TEAM_ID = '22222222-2222-4222-8222-222222222222';
const INVITATION_ID = '66666666-6666-4666-8666-666666666666';
const ANNOUNCEMENT_ID = '77777777-7777-4777-8777-777777777777';

it("the person invited reports an invitation's message from the Notifications tab", async () => {
  const calls = answerFetch({
    ...REPORT_RECEIVED,
    'GET /api/me/notifications': {
      status: 200,
      body: {
        invitations: [
          {
            id: INVITATION_ID,
            team: { id: TEAM_ID, name: 'Grid Whisperers', logoUrl: null },
            role: 'Designer',
            message: 'Something nobody should have to read.',
            status: 'pending',
            createdAt: '2026-11-02T10:00:00.000Z',
          },
        ],
        requests: [],
        pendingCount: 1,
      },
    },
    'GET /api/me/inbox': { status: 200, body: { items: [], unreadCount: 0, nextBefore: null } },
  });
  renderScreen(<NotificationsPanel />);
  // Beside Accept and Decline, which stay as they were.
  expect(await screen.findByRole('button', { name: 'Accept' })).toBeEnabled();
  const body = await sendReport(calls, 'Report the invitation from Grid Whisperers', 'Report this invitation');
  expect(body).toEqual({ targetKind: 'invitation', targetId: INVITATION_ID, reason: 'harassment' });
});

const announcement: InboxItem = {
  id: '88888888-8888-4888-8888-888888888888',
  seq: 9,
  kind: 'announcement',
  text: 'Spring Hack organizers: Something nobody should have to read.',
  link: '/hackathons/spring-hack',
  data: {
    eventSlug: 'spring-hack',
    eventName: 'Spring Hack',
    announcementId: ANNOUNCEMENT_ID,
    message: 'Something nobody should have to read.',
  },
  createdAt: '2026-11-01T10:00:00.000Z',
  readAt: null,
  pending: null,
};

it('an announcement is reported from the Notifications tab, not from the navbar popover', async () => {
  const calls = answerFetch(REPORT_RECEIVED);
  renderScreen(
    <ul>
      <InboxEntry item={announcement} />
    </ul>,
  );
  const body = await sendReport(calls, 'Report the announcement of Spring Hack', 'Report this announcement');
  expect(body).toEqual({ targetKind: 'announcement', targetId: ANNOUNCEMENT_ID, reason: 'harassment' });
});

it('the navbar popover lists an announcement without a Report button', async () => {
  answerFetch({});
  renderScreen(
    <ul>
      <InboxEntry item={announcement} compact />
    </ul>,
  );
  expect(await screen.findByText(announcement.text)).toBeVisible();
  expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
});
