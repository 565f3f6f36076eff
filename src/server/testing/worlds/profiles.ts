/**
 * The profile tests' world (features/profiles/profiles*.test.ts, those that write): a fresh
 * harness with an owner and another person. A test file calls `useProfilesWorld()` once at its top.
 */
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness, type TestUser } from '../harness';

export let h: Harness;
export let owner: TestUser;
export let other: TestUser;

export function useProfilesWorld() {
  beforeAll(async () => {
    h = await createHarness();
    owner = await h.signUp({ firstName: 'Olive', lastName: 'Owner' });
    other = await h.signUp({ firstName: 'Otto', lastName: 'Other' });
  });
  afterAll(() => h.close());
}

/** The own profile as its owner reads it. */
export const own = async (user: TestUser = owner) => (await h.api('GET /api/profile', { cookie: user.cookie })).body;
