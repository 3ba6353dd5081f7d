import { sql } from 'drizzle-orm';
import { fromUnix, nowUnix, type AlertBurden, type AlertBurdenQuery } from '@vigil/contracts';
import type { Principal } from '../../../auth/principal.ts';
import type { Db } from '../../../db/client.ts';
import { invalid } from '../../../http/errors.ts';
import { abnormalScope } from '../../../alerts/items.ts';

/** The longest range the page asks for: a quarter (SPEC §5's default maximum of three months). */
const MAX_DAYS = 92;
const DEFAULT_DAYS = 7;

/**
 * GET /abnormal/burden (docs/alert-rules.md "Alert burden"): how many alerts each member raised per
 * day, how fast someone first responded (acknowledged or handled), and how many handled alerts
 * were marked as needing no action. Days are the viewer's local days (`utc_offset`).
 */
export async function alertBurden(db: Db, p: Principal, q: AlertBurdenQuery): Promise<AlertBurden> {
  const offset = q.utc_offset ?? 0;
  const end = q.end_date ?? nowUnix();
  const start = q.start_date ?? end - DEFAULT_DAYS * 86_400 + 1;
  if (start > end) throw invalid([{ field: 'end_date', message: 'abnormal.burden.endBeforeStart' }]);
  if (end - start > MAX_DAYS * 86_400) throw invalid([{ field: 'start_date', message: 'abnormal.burden.rangeTooLong' }]);
  const where = sql`${abnormalScope(p)} and abnormal_events.occur_time >= ${fromUnix(start).toISOString()}::timestamptz and abnormal_events.occur_time <= ${fromUnix(end).toISOString()}::timestamptz ${
    q.area_id === undefined ? sql`` : sql`and abnormal_events.area_id = ${q.area_id}`
  }`;
  const day = sql`to_char(abnormal_events.occur_time + make_interval(mins => ${offset}::int), 'YYYY-MM-DD')`;

  const perDay = await db.execute<{ member_id: number | null; name: string | null; day: string; n: number }>(sql`
    select abnormal_events.member_id, m.name, ${day} as day, count(*)::int as n
    from abnormal_events left join members m on m.id = abnormal_events.member_id
    where ${where}
    group by 1, 2, 3`);

  const [stats] = (
    await db.execute<{ responded: number; p50: number | null; p90: number | null; p95: number | null; handled: number; no_action: number }>(sql`
      with first_handle as (
        select h.abnormal_id, min(h.handle_time) as at, bool_or(h.no_action) as no_action
        from abnormal_handles h group by h.abnormal_id
      ), answered as (
        select abnormal_events.id, fh.at is not null as handled, coalesce(fh.no_action, false) as no_action,
          extract(epoch from (least(coalesce(fh.at, abnormal_events.acknowledged_at), coalesce(abnormal_events.acknowledged_at, fh.at)) - abnormal_events.occur_time)) as secs
        from abnormal_events left join first_handle fh on fh.abnormal_id = abnormal_events.id
        where ${where}
      )
      select count(secs)::int as responded,
        percentile_cont(0.5) within group (order by greatest(secs, 0)) filter (where secs is not null) as p50,
        percentile_cont(0.9) within group (order by greatest(secs, 0)) filter (where secs is not null) as p90,
        percentile_cont(0.95) within group (order by greatest(secs, 0)) filter (where secs is not null) as p95,
        count(*) filter (where handled)::int as handled,
        count(*) filter (where handled and no_action)::int as no_action
      from answered`)
  ).rows;

  const days: string[] = [];
  for (let t = start; t <= end; t += 86_400) days.push(new Date((t + offset * 60) * 1000).toISOString().slice(0, 10));
  const lastDay = new Date((end + offset * 60) * 1000).toISOString().slice(0, 10);
  if (days.at(-1) !== lastDay) days.push(lastDay);

  const byMember = new Map<number | null, { name: string | null; counts: Map<string, number> }>();
  for (const r of perDay.rows) {
    const id = r.member_id === null ? null : Number(r.member_id);
    const entry = byMember.get(id) ?? { name: r.name, counts: new Map<string, number>() };
    entry.counts.set(r.day, Number(r.n));
    byMember.set(id, entry);
  }
  const members = [...byMember.entries()]
    .map(([id, { name, counts }]) => {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      return {
        user_id: id,
        user_name: name,
        total,
        per_day: Math.round((total / days.length) * 10) / 10,
        by_day: days.map((d) => ({ day: d, count: counts.get(d) ?? 0 })),
      };
    })
    .sort((a, b) => b.total - a.total || (a.user_name ?? '').localeCompare(b.user_name ?? ''));
  const round = (v: number | null) => (v === null || v === undefined ? null : Math.round(Number(v)));
  const handled = Number(stats?.handled ?? 0);
  const noAction = Number(stats?.no_action ?? 0);
  return {
    start_date: start,
    end_date: end,
    days,
    total: members.reduce((a, m) => a + m.total, 0),
    members,
    response: { responded: Number(stats?.responded ?? 0), p50: round(stats?.p50 ?? null), p90: round(stats?.p90 ?? null), p95: round(stats?.p95 ?? null) },
    handled,
    no_action: noAction,
    no_action_share: handled ? Math.round((noAction / handled) * 1000) / 1000 : null,
  };
}

