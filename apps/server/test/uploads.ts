import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Sample bytes for the file routes' tests: real headers of the types they take, and disguises. */
export const samples = {
  PNG: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
  PDF: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  /** A script named as an image: refused by its bytes, whatever its name says. */
  PHP: Buffer.from('<?php system($_GET["c"]); ?>'),
  SVG: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
};

/** A 44-byte header and a little silence: the smallest real WAV. */
export function wav(): Buffer {
  const data = Buffer.alloc(800);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(4000, 24);
  h.writeUInt32LE(8000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** POST /api/file/{folder} as a browser sends it: one multipart field `file`. */
export function upload(app: FastifyInstance, folder: string, token: string, bytes: Buffer, filename: string, type = 'image/png') {
  const boundary = '----vigiltest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/file/${folder}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** The names stored in a folder, to check that a refused upload left nothing behind. */
export const storedIn = async (app: FastifyInstance, folder: string) => readdir(join(app.config.uploadDir, folder)).catch(() => [] as string[]);
