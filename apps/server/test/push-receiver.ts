import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A local Web Push service for tests: an HTTPS server on loopback (a throw-away self-signed
 * certificate) that checks each push's VAPID authorisation (RFC 8292) and decrypts its payload
 * (RFC 8291, aes128gcm) with the subscriber's own keys, written here from the RFC rather than with
 * the library the server sends with, so the two are checked against each other.
 *
 * The subscriber is always online: each push is delivered the moment it is accepted, so no message
 * is ever held, and RFC 8030 §5.4 topic replacement (which applies only to a message the service
 * still holds for an offline device) never applies here: a second push with the same Topic is a
 * second delivery and is counted as one.
 */
export type ReceivedPush = { subscription: string; headers: Record<string, string | string[] | undefined>; payload: unknown; vapidSubject: string; at: number };

export type TestSubscriber = {
  name: string;
  ecdh: ECDH;
  auth: Buffer;
  /** What the browser would give `POST /personal/push`. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
};

const b64 = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record decrypted with the user agent's private key. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: an ES256 JWT for this origin, signed by k. */
function checkVapid(header: string | undefined, origin: string, expectedKey: string | undefined): string {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid authorisation');
  const [, jwt, k] = match;
  if (expectedKey && k !== expectedKey) throw new Error('vapid key is not the server one');
  const [head, claims, signature] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) throw new Error('bad vapid signature');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== origin) throw new Error(`vapid audience ${body.aud} is not ${origin}`);
  if (body.exp * 1000 < Date.now()) throw new Error('vapid token expired');
  return body.sub;
}

export class PushReceiver {
  readonly received: ReceivedPush[] = [];
  readonly rejected: string[] = [];
  /** Subscriptions answered 410 Gone, as a push service does for an unsubscribed browser. */
  readonly gone = new Set<string>();
  /** Set once the server's public key is known, to check every push is signed with it. */
  serverKey: string | undefined;
  readonly agent: Agent;
  readonly #subscribers = new Map<string, TestSubscriber>();
  readonly #server: Server;
  readonly #dir: string;

  private constructor(server: Server, cert: Buffer, dir: string) {
    this.#server = server;
    this.#dir = dir;
    this.agent = new Agent({ ca: cert });
  }

  static async start(): Promise<PushReceiver> {
    const dir = mkdtempSync(join(tmpdir(), 'push-receiver-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    ], { stdio: 'ignore' });
    const cert = readFileSync(join(dir, 'cert.pem'));
    const server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert });
    const receiver = new PushReceiver(server, cert, dir);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const name = (req.url ?? '').replace(/^\/push\//, '');
        const subscriber = receiver.#subscribers.get(name);
        if (!subscriber || receiver.gone.has(name)) {
          res.writeHead(subscriber ? 410 : 404).end();
          return;
        }
        try {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          if (!req.headers.ttl) throw new Error('no TTL');
          // RFC 8030 §5.4: a topic is at most 32 characters of the URL-safe base64 alphabet.
          const topic = req.headers.topic;
          if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(String(topic))) throw new Error(`bad topic ${String(topic)}`);
          const vapidSubject = checkVapid(req.headers.authorization, receiver.origin, receiver.serverKey);
          const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), subscriber.ecdh, subscriber.auth).toString('utf8')) as unknown;
          receiver.received.push({ subscription: name, headers: req.headers, payload, vapidSubject, at: Date.now() });
          res.writeHead(201, { location: `${receiver.origin}/message/${receiver.received.length}` }).end();
        } catch (error) {
          receiver.rejected.push(`${name}: ${(error as Error).message}`);
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  /** The receiver's certificate, for a server in another process to trust (NODE_EXTRA_CA_CERTS). */
  get certFile(): string {
    return join(this.#dir, 'cert.pem');
  }

  get origin(): string {
    return `https://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** A browser's subscription to this service, with a real P-256 key pair and auth secret. */
  subscriber(name: string): TestSubscriber {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const subscriber = { name, ecdh, auth, json: { endpoint: `${this.origin}/push/${name}`, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } } };
    this.#subscribers.set(name, subscriber);
    return subscriber;
  }

  async close(): Promise<void> {
    this.agent.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
