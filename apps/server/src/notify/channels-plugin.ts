import type { FastifyInstance } from 'fastify';
import type { ChannelAdapter } from './channel.ts';
import { createLineAdapter, lineAddresses } from './line.ts';
import { createPushAdapter, pushAddresses } from './push.ts';
import type { VapidKeys } from './vapid.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The web push and LINE adapters (notify/push.ts, notify/line.ts), for the notification core's registry. */
    channelAdapters: { push: ChannelAdapter & { keys(): Promise<VapidKeys> }; line: ChannelAdapter };
  }
}

/**
 * Makes the push and LINE adapters and registers them in the notification core's channels, each
 * with its address book (the recipients' subscriptions; their linked LINE user). The VAPID key
 * pair is made (or read) once the server listens, never before: readiness does not wait for it,
 * and the first subscriber finds it ready.
 */
export function registerChannelAdapters(app: FastifyInstance): void {
  const { db } = app.database;
  const push = createPushAdapter({ db, sealer: app.secretSealer, subject: app.config.vapidSubject });
  const lineBaseUrl = async () => {
    await app.notify.settings.load();
    return app.notify.settings.lineBaseUrl();
  };
  const line = createLineAdapter({ db, sealer: app.secretSealer, baseUrl: lineBaseUrl });
  app.decorate('channelAdapters', { push, line });
  app.notify.channels.register(push, pushAddresses);
  app.notify.channels.register(line, lineAddresses);
  app.addHook('onListen', (done) => {
    push.keys().catch((error: unknown) => app.log.error({ err: error }, 'making the VAPID keys failed; retried on first use'));
    done();
  });
}
