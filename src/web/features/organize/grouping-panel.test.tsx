/**
 * The desk's grouping preview (docs/product.md#grouping): each proposed group in words, and a group
 * whose members share fewer than four waking hours a day is flagged before it is sent.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GroupingRun } from '../../../shared/api/grouping';
import { answerFetch, renderScreen } from '../../testing/render';
import { GroupingPanel } from './grouping-panel';

const NOW = '2026-12-06T10:00:00.000Z';
const person = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  firstName: `P${n}`,
  lastName: 'Person',
  name: `P${n} Person`,
  avatarUrl: null,
});
const terms = {
  size: 2,
  distinctRoles: 2,
  hasBuilder: true,
  sharedHours: 8,
  availabilitySpread: 0,
  allBeginners: false,
  forbiddenPairs: 0,
};
const group = (n: number, over: Partial<typeof terms>): GroupingRun['groups'][number] => ({
  id: `10000000-0000-4000-8000-00000000000${n}`,
  fillsTeam: null,
  members: [
    { person: person(2 * n), role: 'build', answer: 'pending' },
    { person: person(2 * n + 1), role: 'design', answer: 'pending' },
  ],
  terms: { ...terms, ...over },
  reasons: ['You both build'],
  tradeOff: 'None',
  teamId: null,
});
const run: GroupingRun = {
  id: '20000000-0000-4000-8000-000000000001',
  status: 'preview',
  createdAt: NOW,
  sentAt: null,
  optedIn: 6,
  totals: {
    people: 8,
    placed: 8,
    groups: 4,
    coverage: 1,
    withoutBuilder: 0,
    sharedHours: 0.5,
    availabilityWithinStep: 1,
    allBeginners: 0,
    violations: 0,
    ms: 12,
  },
  groups: [group(1, {}), group(2, { sharedHours: 0 }), group(3, { sharedHours: 3 }), group(4, { sharedHours: 4 })],
};

describe("the desk's grouping preview", () => {
  it('flags the groups worth a look before they are sent, and only those', async () => {
    answerFetch({ 'GET /api/events/{slug}/grouping/runs/latest': { status: 200, body: { run } } });
    renderScreen(<GroupingPanel slug="spring-hack" organizes />);
    // The groups: the list's own items (each holds a list of its members).
    const groups = [...(await screen.findByRole('list', { name: 'Proposed groups' })).children] as HTMLElement[];
    expect(groups).toHaveLength(4);
    const flags = (i: number) =>
      within(groups[i])
        .queryAllByText(/shared waking hours/)
        .map((el) => el.textContent);
    expect(flags(0)).toEqual([]);
    expect(flags(1)).toEqual(['No shared waking hours']);
    expect(flags(2)).toEqual(['Few shared waking hours']);
    // Four hours is enough.
    expect(flags(3)).toEqual([]);
    expect(within(groups[2]).getByText(/3 h awake together/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send 4 proposals' })).toBeEnabled();
  });
});
