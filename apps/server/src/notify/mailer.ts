import { type Socket, connect } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { OutboundMessage, SendOutcome } from './channel.ts';

/** Where mail goes: an SMTP URL (`smtp://user:pass@host:587`, `smtps://…:465`) and the sender. */
export type MailSettings = { url: string; from: string };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboundMessage['attachments'];
  /** Sent as Message-ID's seed and the X-Vigil-Key header: one logical mail keeps one key across retries. */
  idempotencyKey?: string;
};

/**
 * The one SMTP transport of the server (nodemailer: the maintained standard for SMTP in Node, with
 * pooling, TLS and auth). Used by the email channel and by scheduled reports; a refusal by the
 * server is a permanent failure (5xx), anything else (a connection, a 4xx) is worth retrying.
 */
export class Mailer {
  private readonly transport: Transporter;

  constructor(
    readonly settings: MailSettings,
    timeouts: { connectionTimeout?: number; greetingTimeout?: number; socketTimeout?: number } = {},
  ) {
    // The URL is parsed here: given `url`, nodemailer drops every other option of the object.
    // Pooled: a burst of alert mails reuses a few open SMTP connections instead of a handshake (and
    // the server's greeting checks) per mail. Without Nagle: each SMTP command is one small write
    // that waits for the answer, and Nagle held each for the peer's delayed ACK (~45 ms a mail).
    const options: SMTPPool.Options = { ...parseConnectionUrl(settings.url), ...timeouts, pool: true, getSocket: withoutNagle(timeouts.connectionTimeout ?? 120_000) };
    this.transport = nodemailer.createTransport(options, { from: settings.from });
  }

  async send(mail: Mail): Promise<SendOutcome> {
    try {
      const info = await this.transport.sendMail({
        from: this.settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        // The same logical mail keeps one Message-ID across retries, so a receiving server (and the
        // person's client) can drop a second copy sent after a crash.
        messageId: mail.idempotencyKey ? messageIdOf(mail.idempotencyKey, this.settings.from) : undefined,
        headers: mail.idempotencyKey ? { 'X-Vigil-Key': mail.idempotencyKey } : undefined,
      });
      return { status: 'sent', providerId: info.messageId };
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      const reason = err instanceof Error ? err.message : String(err);
      return { status: 'failed', reason, permanent: code !== undefined && code >= 500 };
    }
  }

  /** Asks the SMTP server whether it accepts this connection and sign-in (the settings page's check). */
  async verify(): Promise<{ ok: boolean; message: string }> {
    try {
      await this.transport.verify();
      return { ok: true, message: 'ok' };
    } catch (err) {
      return { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  }

  close(): void {
    this.transport.close();
  }
}

/** A Message-ID made from the idempotency key, under the sender's domain. */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'vigil.localhost';
  return `<${key.replace(/[^A-Za-z0-9.-]/g, '.')}@${domain}>`;
}

/**
 * nodemailer's hook for a socket of our own (meant for proxies): a plain TCP connection with
 * TCP_NODELAY, on which nodemailer itself starts TLS for `smtps:` as it does over a proxy.
 */
function withoutNagle(timeoutMs: number) {
  return (options: SMTPPool.Options, callback: (err: Error | null, socket?: { connection: Socket }) => void) => {
    const socket = connect({ host: options.host ?? 'localhost', port: options.port ?? (options.secure ? 465 : 587), noDelay: true, timeout: timeoutMs });
    const failed = (err: Error) => {
      socket.destroy();
      callback(err);
    };
    socket.once('error', failed);
    socket.once('timeout', () => failed(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })));
    socket.once('connect', () => {
      socket.off('error', failed);
      socket.setTimeout(0);
      socket.removeAllListeners('timeout');
      callback(null, { connection: socket });
    });
  };
}
