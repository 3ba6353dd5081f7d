/** The auth feature's public surface: the account menu signs out with it. The sign-in page itself is a lazy route of the app. */
export { signOut } from './api.ts';
