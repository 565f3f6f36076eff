/** What the app may use of moderation (docs/product.md#moderation): its routes. */
export { moderationRoutes } from './moderation.routes';
