import { type AddressInfo, type Server, type Socket, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { Mailer } from './mailer.ts';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  // Last opened, first closed: the mailers (and their pooled connections) before the servers.
  for (const close of closers.splice(0).reverse()) await close();
});

/** An SMTP server on loopback that counts its connections and keeps what it received. */
async function smtpPeer(secure: boolean) {
  const received: string[] = [];
  let connections = 0;
  const server = new SMTPServer({
    secure,
    authOptional: true,
    disabledCommands: secure ? [] : ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, received, connections: () => connections };
}

describe('the SMTP transport', () => {
  it('sends a burst over a few reused connections, plain and over TLS (smtps)', async () => {
    for (const secure of [false, true]) {
      const peer = await smtpPeer(secure);
      // The peer's certificate is smtp-server's own self-signed one.
      const mailer = new Mailer({ url: `${secure ? 'smtps' : 'smtp'}://127.0.0.1:${peer.port}?tls.rejectUnauthorized=false`, from: 'Vigil <vigil@care.test>' });
      closers.push(() => mailer.close());
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, (_, i) => mailer.send({ to: 'nurse@care.test', subject: `Alert ${i}`, text: 'SpO2 88 %', idempotencyKey: `a${i}.s1.email.t1.r0` })),
      );
      expect(outcomes.every((o) => o.status === 'sent')).toBe(true);
      expect(peer.received).toHaveLength(30);
      expect(peer.received.some((raw) => /Message-ID: <a7\.s1\.email\.t1\.r0@care\.test>/i.test(raw))).toBe(true);
      // Pooled: nodemailer's default of at most five connections, not one per mail.
      expect(peer.connections()).toBeLessThanOrEqual(5);
    }
  });

  it('keeps its timeouts with a URL: a server that never greets fails within the greeting timeout', async () => {
    // nodemailer drops every option beside `url`; the settings page's check relies on its short timeouts.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const port = (silent.address() as AddressInfo).port;
    const mailer = new Mailer({ url: `smtp://127.0.0.1:${port}`, from: 'Vigil <vigil@care.test>' }, { connectionTimeout: 1_000, greetingTimeout: 300, socketTimeout: 1_000 });
    closers.push(() => mailer.close());
    const outcome = await mailer.send({ to: 'nurse@care.test', subject: 'x', text: 'y' });
    expect(outcome).toMatchObject({ status: 'failed', permanent: false });
    expect(outcome.status === 'failed' && outcome.reason).toMatch(/greeting/i);
  });

  it('reports a refused connection as worth retrying', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = new Mailer({ url: `smtp://127.0.0.1:${port}`, from: 'Vigil <vigil@care.test>' }, { connectionTimeout: 1_000 });
    closers.push(() => mailer.close());
    expect(await mailer.send({ to: 'nurse@care.test', subject: 'x', text: 'y' })).toMatchObject({ status: 'failed', permanent: false });
  });
});
