import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of the LINE Messaging API (LINE_API_BASE points here in tests): it checks the
 * channel access token, that every push carries a UUID X-Line-Retry-Key (a repeated key answers
 * 409 as LINE does), and the body's shape; it knows a set of users, and answers an unknown one as
 * LINE does. `sign` makes the X-Line-Signature LINE puts on its webhook calls.
 */
export type LineRequest = { path: string; retryKey: string | undefined; at: number; body: { to?: string; replyToken?: string; messages: { type: string; text: string; quickReply?: unknown }[] } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class LineStandIn {
  readonly accepted: LineRequest[] = [];
  readonly refused: string[] = [];
  readonly users = new Set<string>();
  /** Pushes that came again with a retry key already accepted (answered 409, not delivered again). */
  repeatedRetryKeys = 0;
  readonly #retryKeys = new Set<string>();
  readonly #server: Server;

  private constructor(
    readonly accessToken: string,
    readonly channelSecret: string,
    server: Server,
  ) {
    this.#server = server;
  }

  static async start(accessToken: string, channelSecret: string): Promise<LineStandIn> {
    const server = createServer();
    const standIn = new LineStandIn(accessToken, channelSecret, server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        const refuse = (status: number, message: string) => {
          standIn.refused.push(`${req.url}: ${message}`);
          answer(status, { message });
        };
        if (req.headers.authorization !== `Bearer ${accessToken}`) return refuse(401, 'Authentication failed');
        let body: LineRequest['body'];
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LineRequest['body'];
        } catch {
          return refuse(400, 'The request body has 1 error(s)');
        }
        if (!Array.isArray(body.messages) || body.messages.length === 0 || body.messages.some((m) => m.type !== 'text' || !m.text)) return refuse(400, 'invalid messages');
        const retryKey = req.headers['x-line-retry-key'] as string | undefined;
        if (req.url === '/v2/bot/message/push') {
          if (!retryKey || !UUID.test(retryKey)) return refuse(400, 'The retry key is invalid');
          if (standIn.#retryKeys.has(retryKey)) {
            standIn.repeatedRetryKeys++;
            return answer(409, { message: 'The retry key is already accepted', sentMessages: [] });
          }
          if (!body.to || !standIn.users.has(body.to)) return refuse(400, "The property, 'to', in the request body is invalid (line: -, column: -)");
          standIn.#retryKeys.add(retryKey);
        } else if (req.url === '/v2/bot/message/reply') {
          if (!body.replyToken) return refuse(400, 'Invalid reply token');
        } else return refuse(404, 'Not found');
        standIn.accepted.push({ path: req.url, retryKey, at: Date.now(), body });
        answer(200, { sentMessages: body.messages.map((_, i) => ({ id: `${standIn.accepted.length}${i}`, quoteToken: 'q' })) });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** X-Line-Signature of a webhook body: base64 HMAC-SHA256 with the channel secret. */
  sign(body: string, secret = this.channelSecret): string {
    return createHmac('sha256', secret).update(body).digest('base64');
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
