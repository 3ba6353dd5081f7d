import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidationMessage } from '@vigil/contracts';
import type { Config } from '../config.ts';
import { invalid, notFound } from '../http/errors.ts';

/**
 * The one storage module for uploaded files (docs/care.md "Files"): local disk under the upload
 * folder, random names, the type decided by the file's own bytes, served only after the caller's
 * route has found a record in scope that names the file.
 */

/**
 * Every type an upload may be, by its magic bytes: the name and the declared content type are the
 * client's word, the bytes are not. A new type (pdf, audio for issue 13) is one entry here.
 */
export const fileTypes = {
  png: { mime: 'image/png', test: (b: Buffer) => b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  jpg: { mime: 'image/jpeg', test: (b: Buffer) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  webp: { mime: 'image/webp', test: (b: Buffer) => b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP' },
  pdf: { mime: 'application/pdf', test: (b: Buffer) => b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-' },
  wav: { mime: 'audio/wav', test: (b: Buffer) => b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE' },
  // An ID3 tag, or a bare MPEG audio frame header (11 sync bits, a real version and layer).
  mp3: {
    mime: 'audio/mpeg',
    test: (b: Buffer) =>
      b.length >= 3 && (b.toString('latin1', 0, 3) === 'ID3' || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0 && (b[1] & 0x18) !== 0x08 && (b[1] & 0x06) !== 0)),
  },
  // An ISO media file whose brand is an audio (or generic MPEG-4) one.
  m4a: {
    mime: 'audio/mp4',
    test: (b: Buffer) => b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp' && ['M4A ', 'M4B ', 'mp42', 'mp41', 'isom'].includes(b.toString('latin1', 8, 12)),
  },
} as const satisfies Record<string, { mime: string; test: (bytes: Buffer) => boolean }>;
export type FileType = keyof typeof fileTypes;

/** SPEC §7: images are png, jpg/jpeg or webp (a .jpeg upload is stored as jpg: same bytes). */
export const imageTypes: readonly FileType[] = ['png', 'jpg', 'webp'];
/** Stethoscope recordings (issue 13): wav, mp3 or m4a. */
export const audioTypes: readonly FileType[] = ['wav', 'mp3', 'm4a'];
/** Health reports and medical-record attachments: a PDF or an image. */
export const documentTypes: readonly FileType[] = ['pdf', ...imageTypes];

/** The type of some bytes among those allowed, or undefined. */
export function detectType(bytes: Buffer, allowed: readonly FileType[]): FileType | undefined {
  return allowed.find((type) => fileTypes[type].test(bytes));
}

/** The folders files live in, one per SPEC §7 file path; a name outside them is never opened. */
export type Folder = 'headshot' | 'package-medicine' | 'delivery-medicine' | 'symptiom' | 'diet' | 'stethoscope' | 'report' | 'ecg' | 'work-log';

/** Stored names are ours (32 random hex characters and the detected type), so only that shape is ever opened. */
const STORED_NAME = new RegExp(`^[a-f0-9]{32}\\.(${Object.keys(fileTypes).join('|')})$`);

const folderPath = (config: Config, folder: Folder) => join(config.uploadDir, folder);

/** Writes bytes of a detected type under a new random name and returns the name. */
export async function saveFile(config: Config, folder: Folder, bytes: Buffer, type: FileType): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${type}`;
  await mkdir(folderPath(config, folder), { recursive: true });
  await writeFile(join(folderPath(config, folder), name), bytes, { flag: 'wx' });
  return name;
}

/** Where a stored file is, or undefined for a name we could not have written (traversal, junk). */
export function locateFile(config: Config, folder: Folder, name: string): { path: string; type: FileType } | undefined {
  if (!STORED_NAME.test(name)) return undefined;
  return { path: join(folderPath(config, folder), name), type: name.slice(name.lastIndexOf('.') + 1) as FileType };
}

/** Removing a replaced file is housekeeping: a failure must not fail the request that replaced it. */
export async function removeFile(config: Config, folder: Folder, name: string | null): Promise<void> {
  const file = name ? locateFile(config, folder, name) : undefined;
  if (file) await unlink(file.path).catch(() => undefined);
}

export type UploadRules = {
  allowed: readonly FileType[];
  maxBytes: number;
  /** The SPEC §5 size message of this upload (profile pictures have their own). */
  sizeMessage: ValidationMessage;
};

/**
 * Reads the one file of a multipart request (field `file`) and checks it against the rules: none,
 * too large or not of an allowed type by its bytes is -5 on `file`, and nothing is stored.
 * The route's multipart limit must be at least `maxBytes`.
 */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<{ bytes: Buffer; type: FileType }> {
  const part = await request.file({ limits: { fileSize: rules.maxBytes } });
  if (!part) throw invalid([{ field: 'file', message: ValidationMessage.required }]);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid([{ field: 'file', message: rules.sizeMessage }]);
    throw error;
  }
  const type = detectType(bytes, rules.allowed);
  if (!type) throw invalid([{ field: 'file', message: ValidationMessage.invalidInput }]);
  return { bytes, type };
}

/** Streams a stored file with its type (never sniffed by the browser); -7 when it is gone. */
export async function sendFile(reply: FastifyReply, file: { path: string; type: FileType }): Promise<FastifyReply> {
  await access(file.path).catch(() => {
    throw notFound();
  });
  return reply
    .type(fileTypes[file.type].mime)
    .header('cache-control', 'private, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .send(createReadStream(file.path));
}
