import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../../config.ts';

/**
 * Seals TOTP secrets at rest with AES-256-GCM. The key lives outside the database
 * (SECOND_FACTOR_KEY, or a key file beside the data folder), so a copy of the database alone
 * reveals no secret.
 */
export class SecretSealer {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('the second-factor key must be 32 bytes');
    this.#key = key;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** The key file used when SECOND_FACTOR_KEY is unset: beside the embedded database's folder. */
export function keyFilePath(config: Config): string {
  return join(config.dataDir, '..', 'second-factor.key');
}

/** The configured key, or the key file's (made on first use, readable by its owner only). */
export async function loadSealer(config: Config): Promise<SecretSealer> {
  if (config.secondFactorKey) return new SecretSealer(Buffer.from(config.secondFactorKey, 'hex'));
  const file = keyFilePath(config);
  try {
    return new SecretSealer(Buffer.from((await readFile(file, 'utf8')).trim(), 'hex'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(file), { recursive: true });
  const key = randomBytes(32);
  // 'wx': two instances starting together must not overwrite each other's key.
  await writeFile(file, key.toString('hex'), { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  await chmod(file, 0o600);
  return new SecretSealer(Buffer.from((await readFile(file, 'utf8')).trim(), 'hex'));
}
