/** The signed-in person's own views; only the app composes this feature. */
export { meRoutes } from './me.routes';
