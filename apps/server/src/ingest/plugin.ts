import type { FastifyInstance } from 'fastify';
import { startMqttBridge, type MqttBridge } from './mqtt.ts';
import { IngestService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one ingestion service: the HTTP route, the MQTT bridge and the simulator share its caches. */
    ingest: IngestService;
  }
}

/**
 * Decorates the app with its ingestion service, built on the app's alert core (`app.alerts`, so
 * register the alerts first). Its device directory follows the domain events of device and binding
 * writes; its caches are warmed as the app becomes ready; with MQTT_URL the broker bridge runs for
 * the app's lifetime.
 */
export function registerIngest(app: FastifyInstance): void {
  const service = new IngestService(app.database.db, app.events, app.alerts);
  app.decorate('ingest', service);
  // Readings must follow an edit at once: a stale binding would file them under the wrong member.
  const forget = () => service.directory.invalidate();
  app.events.on('deviceChanged', forget);
  app.events.on('bindingChanged', forget);
  app.addHook('onReady', () => warm(app, service));
  const { mqttUrl } = app.config;
  if (mqttUrl) {
    let bridge: MqttBridge | undefined;
    app.addHook('onReady', async () => {
      bridge = await startMqttBridge(mqttUrl, service, app.log);
      app.log.info({ url: mqttUrl }, 'mqtt: subscribed to device readings');
    });
    app.addHook('onClose', async () => bridge?.stop());
  }
}

/**
 * Warms the device directory and standards so the first readings after a start meet warm caches
 * (docs/ingest.md). Awaited by `ready()` so nothing races it; a failure is logged and never stops
 * the app — the caches then fill on demand.
 */
async function warm(app: FastifyInstance, service: IngestService): Promise<void> {
  try {
    const started = Date.now();
    const warmed = await service.warm();
    app.log.info({ ...warmed, ms: Date.now() - started }, 'ingest: caches warmed');
  } catch (err) {
    app.log.warn({ err }, 'ingest: warming the caches failed; they fill on demand');
  }
}
