/**
 * The sign-in page's share of the en messages. Importing named keys lets Vite drop the rest of the
 * JSON (menus, pages, enums) from this chunk; the shell loads the whole file after sign-in.
 */
export { app, error, language, login, shell, theme, validation } from './en.json?boot';
