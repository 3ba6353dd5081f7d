import type { ScheduledReportKind } from '@vigil/contracts';

/** A report's period: [start, end) in unix seconds, the organisation's local days, weeks or months. */
export type Period = { start: number; end: number };

const DAY = 86_400;

/** The period just before the one `localSeconds` falls in (local seconds: UTC shifted by the offset). */
function previousLocal(kind: ScheduledReportKind, localSeconds: number): Period {
  const day = Math.floor(localSeconds / DAY) * DAY;
  if (kind === 'shift_summary') return { start: day - DAY, end: day };
  if (kind === 'member_weekly') {
    // 1970-01-01 was a Thursday: Monday starts a week.
    const monday = day - (((day / DAY + 3) % 7) * DAY);
    return { start: monday - 7 * DAY, end: monday };
  }
  const d = new Date(day * 1000);
  const month = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  const previous = new Date(month * 1000);
  previous.setUTCMonth(previous.getUTCMonth() - 1);
  return { start: previous.getTime() / 1000, end: month };
}

/**
 * The latest period of a kind whose report is due at `now`: it has ended, and the schedule's local
 * hour of the day after has come. Before that hour, the period before is the latest due one (made
 * now if it never was, for an instance that was down at its time).
 */
export function duePeriod(kind: ScheduledReportKind, now: number, hour: number, utcOffsetMinutes: number): Period {
  const offset = utcOffsetMinutes * 60;
  let p = previousLocal(kind, now + offset);
  if (p.end + hour * 3600 > now + offset) p = previousLocal(kind, p.start);
  return { start: p.start - offset, end: p.end - offset };
}
