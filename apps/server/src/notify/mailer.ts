import nodemailer, { type Transporter } from 'nodemailer';
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

  constructor(readonly settings: MailSettings) {
    this.transport = nodemailer.createTransport(settings.url, { from: settings.from });
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
        headers: mail.idempotencyKey ? { 'X-Vigil-Key': mail.idempotencyKey } : undefined,
      });
      return { status: 'sent', providerId: info.messageId };
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      const reason = err instanceof Error ? err.message : String(err);
      return { status: 'failed', reason, permanent: code !== undefined && code >= 500 };
    }
  }

  close(): void {
    this.transport.close();
  }
}
