/**
 * What the server says of itself during a phase, read from its own GET /metrics: how long its event
 * loop stalled, how many requests waited for a database connection, time spent collecting garbage,
 * and each route's own p99 (from the request-duration histogram's buckets). Set beside the times the
 * bench measures as a client, it tells waiting inside the server from waiting outside it.
 */
type Scrape = Map<string, number>;

/** Prometheus text format → series (name with labels) → value. */
function parse(text: string): Scrape {
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

const sum = (s: Scrape, name: string) => [...s].filter(([k]) => k === name || k.startsWith(`${name}{`)).reduce((n, [, v]) => n + v, 0);

/** Each route's p99 as the upper bound of the bucket that holds it, between two scrapes. */
function routeP99(before: Scrape, after: Scrape): { route: string; count: number; p99: string }[] {
  const buckets = new Map<string, { le: number; n: number }[]>();
  for (const [key, v] of after) {
    const m = /^vigil_http_request_duration_seconds_bucket\{(.*)\}$/.exec(key);
    if (!m) continue;
    const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    const route = `${labels.method} ${labels.route}`;
    const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
    const list = buckets.get(route) ?? [];
    const i = list.findIndex((b) => b.le === le);
    const n = v - (before.get(key) ?? 0);
    if (i < 0) list.push({ le, n });
    else list[i].n += n;
    buckets.set(route, list);
  }
  return [...buckets]
    .map(([route, list]) => {
      list.sort((a, b) => a.le - b.le);
      const count = list.at(-1)?.n ?? 0;
      const bound = list.find((b) => b.n >= count * 0.99)?.le ?? Infinity;
      return { route, count, p99: bound === Infinity ? '> 10 s' : `≤ ${bound * 1000} ms` };
    })
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count);
}

/** What the server said of itself over a phase. */
export type ServerSays = {
  eventLoopLagMaxMs: number;
  eventLoopLagP99MaxMs: number;
  poolWaitingMax: number;
  gcSeconds: number;
  routes: { route: string; count: number; p99: string }[];
};

export function watchServer(url: string, token: string) {
  const read = () =>
    fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      .then((r) => r.text())
      .then(parse);
  const samples: { lagMaxMs: number; lagP99Ms: number; waiting: number }[] = [];
  let first: Scrape | undefined;
  let timer: NodeJS.Timeout | undefined;
  return {
    async start() {
      first = await read();
      timer = setInterval(() => {
        void read()
          .then((s) =>
            samples.push({
              lagMaxMs: (s.get('vigil_nodejs_eventloop_lag_max_seconds') ?? 0) * 1000,
              lagP99Ms: (s.get('vigil_nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000,
              waiting: s.get('vigil_db_pool_connections{state="waiting"}') ?? 0,
            }),
          )
          .catch(() => undefined);
      }, 1000);
    },
    async stop(): Promise<ServerSays> {
      clearInterval(timer);
      const last = await read();
      const before = first ?? new Map();
      const gcSeconds = sum(last, 'vigil_nodejs_gc_duration_seconds_sum') - sum(before, 'vigil_nodejs_gc_duration_seconds_sum');
      const max = (f: (x: (typeof samples)[number]) => number) => Math.max(0, ...samples.map(f));
      return {
        eventLoopLagMaxMs: max((x) => x.lagMaxMs),
        eventLoopLagP99MaxMs: max((x) => x.lagP99Ms),
        poolWaitingMax: max((x) => x.waiting),
        gcSeconds,
        routes: routeP99(before, last),
      };
    },
  };
}
