import type { ChannelAdapter, OutboundMessage, SendOutcome } from './channel.ts';
import type { AddressBook } from './registry.ts';
import type { ChannelSettings } from './settings.ts';

/**
 * The email channel: one mail per message through the server's Mailer (nodemailer over the SMTP
 * settings), in the recipient's language (the message arrives translated). The idempotency key
 * becomes the Message-ID, so a copy sent again after a crash is the same mail to the peer.
 */
export class EmailAdapter implements ChannelAdapter {
  readonly name = 'email' as const;

  constructor(private readonly settings: ChannelSettings) {}

  async configured(): Promise<boolean> {
    return this.settings.mailer() !== null;
  }

  async send(address: string, message: OutboundMessage): Promise<SendOutcome> {
    const mailer = this.settings.mailer();
    if (!mailer) return { status: 'failed', reason: 'SMTP is not configured', permanent: true };
    return mailer.send({
      to: address,
      subject: message.title,
      text: message.body,
      attachments: message.attachments,
      idempotencyKey: message.idempotencyKey,
    });
  }
}

/** A person's mailbox is the email address of their profile. */
export const emailAddresses: AddressBook = async (_q, recipients) =>
  new Map(recipients.filter((r) => r.email).map((r) => [r.staffId, [r.email!]]));
