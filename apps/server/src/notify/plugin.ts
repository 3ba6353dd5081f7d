import type { FastifyInstance } from 'fastify';
import { room } from '../realtime/rooms.ts';
import { EmailAdapter, emailAddresses } from './email.ts';
import { enqueueAlertNotifications } from './outbox.ts';
import { ChannelRegistry } from './registry.ts';
import { ChannelSettings } from './settings.ts';
import { OutboxWorker } from './worker.ts';
import type { AlertOutbox } from '../alerts/raiser.ts';

/** The outbox is looked at this often for rows whose tier fell due (and retries). */
export const OUTBOX_TICK_MS = 1_000;

export type Notify = {
  /** The channels: email here, push and LINE from notify/channels-plugin.ts (`channels.register(adapter, addresses)`). */
  channels: ChannelRegistry;
  settings: ChannelSettings;
  worker: OutboxWorker;
  /** What the alert core writes its notifications through. */
  outbox: AlertOutbox;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification core (docs/notifications.md). */
    notify: Notify;
  }
}

/**
 * Decorates the app with its notification core. Nothing here touches the database: the settings
 * are read by the worker's first round, after the server is ready (PGlite has one connection, and
 * start-up must not hold it).
 */
export function registerNotify(app: FastifyInstance): void {
  const { config } = app;
  const settings = new ChannelSettings(config, app.database.db, () => app.secretSealer());
  const channels = new ChannelRegistry();
  channels.register(new EmailAdapter(settings), emailAddresses);
  const baseUrl = (config.publicUrl ?? config.webauthnOrigin ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  const worker = new OutboxWorker({
    db: app.database.db,
    registry: channels,
    audit: app.audit,
    log: app.log,
    baseUrl,
    beforeRound: () => settings.load(),
    onDisabled: (staffId, channel, reason) => {
      // The staff channel exists once the app is ready; before that nobody is connected anyway.
      if (app.hasDecorator('realtime')) app.realtime.staff.to(room.staff(staffId)).emit('notifyChannelDisabled', { channel, reason });
    },
  });
  app.decorate('notify', {
    channels,
    settings,
    worker,
    outbox: { enqueue: (tx, alerts) => enqueueAlertNotifications(tx, channels, alerts, app.database.db), committed: () => worker.kick() },
  });
  app.addHook('onClose', () => settings.close());
}
