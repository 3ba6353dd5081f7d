/**
 * Worker thread of bench:alerts: holds the staff sockets, so their decoding does not share the
 * server's event loop (as on a real network, where each console has its own machine).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

/** `url`: the instance this socket connects to, when not the default (bench:scale spreads them over two). */
type Staff = { token: string; org: number; url?: string };
type Input = { url: string; staff: Staff[] };

const { url, staff } = workerData as Input;
const now = () => performance.timeOrigin + performance.now();
/** Every alert each socket received: whose socket, which device, when (absolute ms). */
const receipts: Array<{ org: number; device: number; at: number }> = [];
const sockets: Socket[] = [];

async function connectAll(): Promise<void> {
  // Batches of 100 keep the handshake burst (one session lookup each) from timing out.
  for (let i = 0; i < staff.length; i += 100) {
    await Promise.all(
      staff.slice(i, i + 100).map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            const socket = io(`${s.url ?? url}/staff`, { transports: ['websocket'], auth: { token: s.token }, reconnection: false, forceNew: true, timeout: 5000 });
            sockets.push(socket);
            socket.on('abnormal', (p: { source: { device: { id: number } | null } }) => {
              receipts.push({ org: s.org, device: p.source.device?.id ?? -1, at: now() });
            });
            socket.once('login', () => resolve());
            socket.once('connect_error', (err) => reject(err));
          }),
      ),
    );
  }
}

parentPort!.on('message', (msg: string) => {
  if (msg === 'report') {
    parentPort!.postMessage({ kind: 'receipts', receipts });
    for (const s of sockets) s.disconnect();
  }
});

connectAll()
  .then(() => parentPort!.postMessage({ kind: 'ready', connected: sockets.filter((s) => s.connected).length }))
  .catch((err: unknown) => parentPort!.postMessage({ kind: 'error', message: String(err) }));
