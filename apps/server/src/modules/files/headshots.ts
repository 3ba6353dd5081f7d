import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.ts';

export type ImageType = 'png' | 'jpg' | 'webp';

export const imageMime: Record<ImageType, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Stored names are ours (random hex plus the detected type), so only that shape is ever opened. */
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/**
 * The file type by its magic bytes: the name and the declared content type are the client's word,
 * the bytes are not. SPEC allows png, jpg/jpeg and webp.
 */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

const headshotDir = (config: Config) => join(config.uploadDir, 'headshot');

export async function saveHeadshot(config: Config, bytes: Buffer, type: ImageType): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${type}`;
  await mkdir(headshotDir(config), { recursive: true });
  await writeFile(join(headshotDir(config), name), bytes, { flag: 'wx' });
  return name;
}

/** The path of a stored headshot, or undefined for a name we could not have written (traversal, junk). */
export function headshotPath(config: Config, name: string): { path: string; type: ImageType } | undefined {
  if (!STORED_NAME.test(name)) return undefined;
  return { path: join(headshotDir(config), name), type: name.slice(name.lastIndexOf('.') + 1) as ImageType };
}

/** Removing a replaced headshot is housekeeping: a failure must not fail the upload. */
export async function removeHeadshot(config: Config, name: string | null): Promise<void> {
  const file = name ? headshotPath(config, name) : undefined;
  if (file) await unlink(file.path).catch(() => undefined);
}
