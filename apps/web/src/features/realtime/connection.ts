import { clearSession, sessionStore } from '../../lib/session.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { useStore } from '../../lib/store.ts';
import { RealtimeClient, type RealtimeStatus } from './client.ts';

/** The console's one staff connection. */
export const realtime = new RealtimeClient({
  // An empty socket address means the page's own origin (the server serves both).
  socketUrl: runtimeConfig().socketUrl,
  onExpired: () => clearSession('expired'),
});

let currentToken: string | null = null;

/** SPEC §4: connect with the token, disconnect when it is lost or replaced. */
function follow(): void {
  const token = sessionStore.get().token;
  if (token === currentToken) return;
  currentToken = token;
  if (token) realtime.start(token);
  else realtime.stop();
}

let started = false;

/** Binds the connection to the session; called once when the signed-in shell loads. */
export function startRealtimeConnection(): void {
  if (started) return;
  started = true;
  sessionStore.subscribe(follow);
  follow();
}

export function useRealtimeStatus(): RealtimeStatus {
  return useStore(realtime.status);
}
