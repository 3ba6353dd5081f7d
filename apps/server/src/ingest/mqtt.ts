import mqtt, { type MqttClient } from 'mqtt';
import { z } from 'zod';
import { ErrorCode } from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_BATCH } from './envelope.ts';
import type { IngestService } from './service.ts';

/**
 * MQTT bridge (docs/ingest.md). A device publishes to `vigil/<org_id>/devices/<serial>/readings`
 * a JSON message `{ id?, key, readings: [{ kind, source, occur_time, values }] }`: `key` is the
 * device's key or a gateway key of the organisation, the serial comes from the topic. The result
 * (the HTTP response's `data`, or `{ code, message }` when the whole message is refused) goes to
 * `vigil/<org_id>/devices/<serial>/ack`, echoing `id`. Instances share one subscription
 * (`$share/vigil/…`), so each message is ingested once however many instances run.
 */
export const READINGS_TOPIC = 'vigil/+/devices/+/readings';
const topicPattern = /^vigil\/(\d+)\/devices\/([^/]{1,64})\/readings$/;

const message = z.object({
  id: z.union([z.string().max(100), z.number()]).optional(),
  key: z.string().min(1).max(200),
  readings: z.array(z.record(z.string(), z.unknown())).min(1).max(MAX_BATCH),
});

export type MqttBridge = { client: MqttClient; stop(): Promise<void> };

/** `group` names the shared subscription: instances of one deployment share it (tests use their own). */
export async function startMqttBridge(
  url: string,
  service: IngestService,
  log: FastifyBaseLogger,
  group = 'vigil',
): Promise<MqttBridge> {
  const client = await mqtt.connectAsync(url, {
    protocolVersion: 5,
    clientId: `vigil-ingest-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    reconnectPeriod: 2000,
  });
  client.on('error', (err) => log.warn({ err }, 'mqtt: connection error'));
  await client.subscribeAsync(`$share/${group}/${READINGS_TOPIC}`, { qos: 1 });

  client.on('message', (topic, payload) => {
    const match = topicPattern.exec(topic);
    if (!match) return;
    const [, orgText, serial] = match;
    const ackTopic = topic.replace(/\/readings$/, '/ack');
    const ack = (body: unknown) =>
      void client.publishAsync(ackTopic, JSON.stringify(body), { qos: 1 }).catch(() => undefined);
    handle(Number(orgText), serial, payload)
      .then(ack)
      .catch((err: unknown) => {
        log.error({ err, topic }, 'mqtt: ingestion failed');
        ack({ code: ErrorCode.processError, message: 'Process error' });
      });
  });

  async function handle(orgId: number, serial: string, payload: Buffer) {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return { code: ErrorCode.validationFailed, message: 'payload is not JSON' };
    }
    const parsed = message.safeParse(body);
    if (!parsed.success)
      return { code: ErrorCode.validationFailed, message: 'payload must be { key, readings: [1..1000] }' };
    const { id, key, readings } = parsed.data;
    const principal =
      (await service.authenticate({ device: key })) ?? (await service.authenticate({ gateway: key }));
    if (!principal || principal.orgId !== orgId)
      return { id, code: ErrorCode.noPermission, message: 'User does not have permission' };
    const data = await service.ingest(
      principal,
      readings.map((r) => ({ ...r, serial })),
    );
    return { id, data };
  }

  return {
    client,
    async stop() {
      await client.endAsync();
    },
  };
}
