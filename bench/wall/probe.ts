/**
 * Measures inside the page, installed before the console's own scripts (`addInitScript`), so it
 * sees each socket packet before the app does and each tile change as it is committed:
 * - received → painted: a heart-rate packet's arrival on the WebSocket, to the start of the first
 *   frame after the tile showed that value (or a newer one from the same member, which supersedes
 *   it on screen). Taking the next frame's start bounds the paint from above by up to one frame.
 *   Only members whose tile is in the viewport count: the wall does not draw the others until
 *   they scroll into view (apps/web/src/features/wall/visibility.ts).
 * - long frames: gaps over 50 ms between animation frames, and the browser's own
 *   long-animation-frame entries where Chromium reports them.
 * Runs as plain browser JavaScript: this function is serialised into the page.
 */
export function installWallProbe(): void {
  type Pending = { t: number; value: number };
  const w = window as unknown as { __wallProbe: unknown };
  const pending = new Map<number, Pending[]>();
  const latencies: number[] = [];
  const gaps: number[] = [];
  const loafs: number[] = [];
  let packets = 0;
  let measuredPackets = 0;
  /** Members whose tile is in the viewport: the wall draws those; the others wait until scrolled to. */
  const onScreen = new Set<number>();
  const viewport = new IntersectionObserver((entries) => {
    for (const e of entries) {
      const id = Number(e.target.getAttribute('data-member-id'));
      if (e.isIntersecting) onScreen.add(id);
      else {
        onScreen.delete(id);
        pending.delete(id);
      }
    }
  });
  let recording = false;

  const Native = window.WebSocket;
  class ProbedSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      // Registered before socket.io's own handler, so the time is taken before the app sees the packet.
      this.addEventListener('message', (e: MessageEvent) => {
        if (!recording || typeof e.data !== 'string' || !e.data.includes('"heartRate"')) return;
        const t = performance.now();
        const start = e.data.indexOf('[');
        const [, payload] = JSON.parse(e.data.slice(start)) as [string, { member: { id: number } | null; values: { kind: string; value: number } }];
        if (!payload.member || payload.values.kind !== 'heartRate') return;
        packets++;
        if (!onScreen.has(payload.member.id)) return;
        measuredPackets++;
        const list = pending.get(payload.member.id) ?? [];
        list.push({ t, value: Math.round(payload.values.value) });
        pending.set(payload.member.id, list);
      });
    }
  }
  window.WebSocket = ProbedSocket as typeof WebSocket;

  const observer = new MutationObserver((records) => {
    if (!recording) return;
    const shown = new Map<number, number>();
    for (const r of records) {
      const el = (r.target.nodeType === Node.TEXT_NODE ? r.target.parentElement : (r.target as Element))?.closest?.('[data-kind="heart_rate"]');
      if (!el) continue;
      const tile = el.closest('[data-member-id]');
      const value = parseInt(el.textContent ?? '', 10);
      if (tile && Number.isFinite(value)) shown.set(Number(tile.getAttribute('data-member-id')), value);
    }
    if (!shown.size) return;
    requestAnimationFrame((frameStart) => {
      for (const [member, value] of shown) {
        const list = pending.get(member);
        if (!list) continue;
        // The newest receipt of this value; it and every older receipt are now on screen (or superseded).
        let idx = -1;
        for (let i = list.length - 1; i >= 0; i--) if (list[i].value === value) { idx = i; break; }
        if (idx < 0) continue;
        for (const p of list.splice(0, idx + 1)) latencies.push(frameStart - p.t);
      }
    });
  });

  let last = 0;
  const loop = (t: number) => {
    if (recording && last) {
      const gap = t - last;
      if (gap > 50) gaps.push(gap);
    }
    last = t;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  try {
    new PerformanceObserver((list) => {
      if (recording) for (const e of list.getEntries()) loafs.push(e.duration);
    }).observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    // Older Chromium: the rAF gaps above still count long frames.
  }

  let frames = 0;
  const countFrames = () => {
    if (recording) frames++;
    requestAnimationFrame(countFrames);
  };
  requestAnimationFrame(countFrames);

  w.__wallProbe = {
    start() {
      for (const tile of document.querySelectorAll('[data-member-id]')) viewport.observe(tile);
      observer.observe(document.body, { subtree: true, characterData: true, childList: true });
      recording = true;
    },
    stop() {
      recording = false;
      observer.disconnect();
      let unpainted = 0;
      for (const list of pending.values()) unpainted += list.length;
      viewport.disconnect();
      return { latencies, gaps, loafs: loafs.filter((d) => d > 50), frames, packets, measuredPackets, onScreen: onScreen.size, unpainted };
    },
  };
}
