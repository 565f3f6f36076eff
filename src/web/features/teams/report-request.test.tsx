/**
 * A leader reports a join request's message from the team's list of requests (docs/product.md#moderation);
 * the button names whose request it reports, starting with its visible word.
 */
import { expect, it } from 'vitest';
import { answerFetch, renderScreen } from '../../testing/render';
import { REPORT_RECEIVED, sendReport } from '../../testing/report-dialog';
import { JoinRequestsCard } from './join-requests-card';

const TEAM_ID = '22222222-2222-4222-8222-222222222222';
const REQUEST_ID = '44444444-4444-4444-8444-444444444444';

it("a leader reports a join request's message from the team's list of requests", async () => {
  const calls = answerFetch({
    ...REPORT_RECEIVED,
    'GET /api/teams/{id}/join-requests': {
      status: 200,
      body: [
        {
          id: REQUEST_ID,
          teamId: TEAM_ID,
          teamName: 'Grid Whisperers',
          requester: {
            id: '55555555-5555-4555-8555-555555555555',
            firstName: 'Ravi',
            lastName: 'Iyer',
            name: 'Ravi Iyer',
            avatarUrl: null,
          },
          position: 'Frontend Developer',
          message: 'Something nobody should have to read.',
          status: 'pending',
          createdAt: '2026-11-02T10:00:00.000Z',
        },
      ],
    },
  });
  renderScreen(<JoinRequestsCard teamId={TEAM_ID} />);
  const body = await sendReport(calls, "Report Ravi Iyer's join request", 'Report this join request');
  expect(body).toEqual({ targetKind: 'join_request', targetId: REQUEST_ID, reason: 'harassment' });
});
