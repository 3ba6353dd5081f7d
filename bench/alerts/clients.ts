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
let loggedIn = 0;
/** Sockets logged in per organisation: the deliveries each alert should reach. */
const loggedInByOrg: Record<number, number> = {};
let failed = 0;

async function connectAll(): Promise<void> {
  // Batches of 50 keep the handshake burst (one session lookup each) from timing out.
  for (let i = 0; i < staff.length; i += 50) {
    await Promise.all(
      staff.slice(i, i + 50).map(
        (s) =>
          new Promise<void>((resolve) => {
            const socket = io(`${s.url ?? url}/staff`, { transports: ['websocket'], auth: { token: s.token }, reconnection: false, forceNew: true, timeout: 20_000 });
            sockets.push(socket);
            socket.on('abnormal', (p: { source: { device: { id: number } | null } }) => {
              receipts.push({ org: s.org, device: p.source.device?.id ?? -1, at: now() });
            });
            // A socket whose login has not come within 30 s is left out (and reported) rather than
            // holding the run: on an overloaded host a handshake can stall behind the load.
            const late = setTimeout(() => resolve(), 30_000);
            socket.once('login', () => {
              clearTimeout(late);
              loggedIn++;
              loggedInByOrg[s.org] = (loggedInByOrg[s.org] ?? 0) + 1;
              resolve();
            });
            // Counted and left out, like a late login: the run reports how many sockets it held.
            socket.once('connect_error', () => {
              clearTimeout(late);
              failed++;
              resolve();
            });
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
  .then(() => parentPort!.postMessage({ kind: 'ready', connected: loggedIn, failed, byOrg: loggedInByOrg }))
  .catch((err: unknown) => parentPort!.postMessage({ kind: 'error', message: String(err) }));
