import {
  type AlertPriority,
  type WallMember,
  abnormalTypePriority,
  alertPriorityRank,
} from '@vigil/contracts';

type TileAlert = WallMember['alerts'][number];

/**
 * The highest IEC 60601-1-8 priority among a tile's open alerts (null: none open). The tile's frame
 * and its place on the wall follow it, so a low-priority device issue never looks like, nor sits
 * above, a dangerous reading.
 */
export function topPriority(alerts: readonly TileAlert[]): AlertPriority | null {
  let top: AlertPriority | null = null;
  for (const a of alerts) {
    const p = abnormalTypePriority(a.type);
    if (top === null || alertPriorityRank[p] > alertPriorityRank[top]) top = p;
  }
  return top;
}

/** A tile's alerts as it lists them: highest priority first, then the most recent. */
export function byPriority(alerts: readonly TileAlert[]): TileAlert[] {
  return [...alerts].sort(
    (a, b) =>
      alertPriorityRank[abnormalTypePriority(b.type)] - alertPriorityRank[abnormalTypePriority(a.type)] ||
      b.occur_time - a.occur_time ||
      b.id - a.id,
  );
}
