import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the local SMTP peer received it. */
export type ReceivedMail = { to: string[]; messageId: string; subject: string; body: string; at: number };

const header = (raw: string, name: string) => new RegExp(`^${name}: ?(.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';

/**
 * A local SMTP server for tests and benches (`smtp-server` on loopback): it keeps every mail it
 * accepted, and refuses the recipients in `refused` as a mail server refuses a mailbox that does
 * not exist (550).
 */
export class SmtpPeer {
  readonly #server: SMTPServer;

  private constructor(
    server: SMTPServer,
    readonly mails: ReceivedMail[],
    readonly refused: Set<string>,
  ) {
    this.#server = server;
  }

  static async start(): Promise<SmtpPeer> {
    const mails: ReceivedMail[] = [];
    const refused = new Set<string>();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Many messages on one connection (a bench's pooled sender).
      maxClients: 200,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address)) return callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
        callback();
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: header(raw, 'Message-ID'),
            subject: header(raw, 'Subject'),
            body: raw.slice(raw.indexOf('\r\n\r\n') + 4),
            at: Date.now(),
          });
          callback();
        });
      },
    });
    const peer = new SmtpPeer(server, mails, refused);
    // A sender killed mid-connection (the bench's kill -9) resets its socket: that connection ends,
    // the peer keeps serving the others, as a mail server does.
    server.on('error', () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return peer;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.#server.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
