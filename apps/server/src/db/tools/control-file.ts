import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The file a server on the embedded database writes beside its data folder while it runs
 * (`<DATA_DIR>.server.json`, readable by the server's user only): its process, its port and the
 * token that `npm run db:backup` shows to ask it for an online backup. The offline tools read it to
 * refuse a data folder a live server holds (PGlite is one process's database: two would corrupt it).
 */
export type ServerControl = { pid: number; port: number; token: string };

export const controlFile = (dataDir: string) => `${resolve(dataDir)}.server.json`;

export function writeControl(dataDir: string, port: number): ServerControl {
  const control = { pid: process.pid, port, token: randomBytes(32).toString('hex') };
  writeFileSync(controlFile(dataDir), JSON.stringify(control), { mode: 0o600 });
  return control;
}

export function removeControl(dataDir: string, control: ServerControl): void {
  // Only our own file: a second server on the folder (refused, but still) must not lose its own.
  if (readControl(dataDir)?.token === control.token) rmSync(controlFile(dataDir), { force: true });
}

export function readControl(dataDir: string): ServerControl | undefined {
  try {
    return JSON.parse(readFileSync(controlFile(dataDir), 'utf8')) as ServerControl;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The control of a server still running on this data folder (a file left by a crash is ignored). */
export function liveServer(dataDir: string): ServerControl | undefined {
  const control = readControl(dataDir);
  return control && alive(control.pid) ? control : undefined;
}
