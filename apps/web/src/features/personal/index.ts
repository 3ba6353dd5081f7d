/** The personal feature's public surface: the account menu shows the signed-in user's picture. Its pages are lazy routes of the app. */
export { HeadshotAvatar } from './components/HeadshotAvatar.tsx';
