import { resolve } from 'node:path';

/** A path the operator typed, taken from where they ran npm (npm runs workspace scripts in the workspace). */
export const userPath = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
