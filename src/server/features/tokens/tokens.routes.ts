/**
 * The signed-in person's API tokens (src/shared/api/tokens.ts): list, create (the secret is in
 * this one answer), revoke. A token never opens these routes (tokenScopeOf), only the session.
 */
import { TOKENS_PER_PERSON, tokensApi } from '../../../shared/api/tokens';
import { requireProfile } from '../../api/http';
import { refusalError, refused } from '../../api/outcome';
import { createRouter, guarded } from '../../api/openapi';
import { eventIdBySlug, staffEventsOf, staffRoleOf } from '../events';
import { deleteToken, insertToken, tokensOf } from './tokens.repo';

export const tokensRoutes = createRouter()
  .openapi(guarded(tokensApi.list), async (c) => {
    const viewer = await requireProfile(c);
    const [items, staffEvents] = await Promise.all([tokensOf(c.var.db, viewer.userId), staffEventsOf(c.var.db, viewer.profileId)]);
    return c.json({ items, limit: TOKENS_PER_PERSON, staffEvents }, 200);
  })
  .openapi(guarded(tokensApi.create), async (c) => {
    const viewer = await requireProfile(c);
    const input = c.req.valid('json');
    const scopes = [...new Set(input.scopes)];
    let eventId: string | null = null;
    if (input.event) {
      if (!scopes.includes('organize')) throw refusalError(refused('token_organize_event'));
      eventId = await eventIdBySlug(c.var.db, input.event);
      if (!eventId) throw refusalError(refused('event_not_found'));
      // Checked again at every request: the event's own routes ask for the current staff role.
      if (!(await staffRoleOf(c.var.db, eventId, viewer.profileId))) throw refusalError(refused('token_event_not_staff'));
    }
    const made = await insertToken(
      c.var.db,
      { userId: viewer.userId, name: input.name, scopes, eventId, expiresInDays: input.expiresInDays ?? null },
      TOKENS_PER_PERSON,
    );
    if (!made.ok) throw refusalError(made);
    return c.json({ token: made.token, secret: made.secret }, 201);
  })
  .openapi(guarded(tokensApi.revoke), async (c) => {
    const viewer = await requireProfile(c);
    if (!(await deleteToken(c.var.db, viewer.userId, c.req.valid('param').id))) throw refusalError(refused('token_not_found'));
    return c.body(null, 204);
  });
