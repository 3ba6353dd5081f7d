import { asc, eq, inArray } from 'drizzle-orm';
import { Shift, WorkLogCategory as C, fromUnix, toUnix } from '@vigil/contracts';
import type { Tx } from '../db/client.ts';
import { areas, members, staff, workLogs, type WorkLogEntryValue } from '../db/schema/index.ts';

const DAY_MS = 86_400_000;
const HOUR = 3600;

/** One shift's notes: [hour after the shift starts, member index or null, category, text]. */
type Note = [hour: number, member: number | null, category: number, text: string];

/** Day shifts (07–15) of the care staff and evening shifts (15–23) of the nursing aide, in rotation. */
const dayNotes: Note[][] = [
  [[0.5, 0, C.care, '協助晨間盥洗與更衣'], [1, 1, C.medication, '早餐後給藥，住民配合服藥'], [3, 2, C.observation, '血壓偏高 148/92，已通知護理師複測'], [6, null, C.environment, '一樓 A 區浴室防滑墊更換']],
  [[0.5, 3, C.care, '協助沐浴，皮膚完整無壓傷'], [2, 4, C.communication, '家屬來電詢問回診時間，已轉告護理師'], [5, 0, C.observation, '午餐進食約七成']],
  [[1, 1, C.medication, '早餐後給藥完成'], [2.5, 5, C.incident, '住民自行下床時踉蹌，未跌倒，已加強夜間巡視提醒'], [6, 2, C.care, '協助復健運動三十分鐘']],
  [[0.5, 6, C.care, '協助晨間盥洗'], [4, null, C.communication, '藥局來電確認送藥時間為下午三點'], [6.5, 3, C.observation, '體溫 37.6 度，下午複測']],
];
const eveningNotes: Note[][] = [
  [[1, 2, C.care, '晚餐協助餵食'], [3, 1, C.medication, '睡前藥物已給予'], [6, null, C.environment, '交班前巡視二樓 B 區門窗']],
  [[1.5, 4, C.observation, '晚間血糖 168，已記錄並通知護理師'], [4, 0, C.care, '協助翻身與拍背'], [7, 5, C.communication, '與夜班交接住民睡眠情形']],
  [[0.5, 3, C.care, '協助如廁'], [2, 6, C.other, '住民參加晚間團體活動'], [5, 2, C.medication, '睡前藥物已給予，住民拒服一顆，已通報']],
];

/**
 * A week of work logs in the demo care home, relative to `now`: the care staff's day shifts and the
 * nursing aide's evening shifts, their entries naming the home's residents.
 */
export async function seedWorkLogs(tx: Tx, now: number, careOrgId: number): Promise<void> {
  const authors = await tx.select({ id: staff.id, account: staff.account }).from(staff).where(inArray(staff.account, ['orgstaff', 'aide']));
  const [firstArea] = await tx.select({ id: areas.id }).from(areas).where(eq(areas.orgId, careOrgId)).orderBy(asc(areas.id)).limit(1);
  const residents = await tx.select({ id: members.id }).from(members).where(eq(members.orgId, careOrgId)).orderBy(asc(members.id));
  const today = new Date(now);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const entries = (start: number, notes: Note[]): WorkLogEntryValue[] =>
    notes.map(([hour, member, category, content]) => ({
      time: start + Math.round(hour * HOUR),
      member_ids: member === null ? [] : [residents[member].id],
      category,
      content,
      attachments: [],
    }));
  const rows = [];
  for (let daysAgo = 7; daysAgo >= 1; daysAgo--) {
    const day = new Date(midnight - daysAgo * DAY_MS);
    const unixDay = toUnix(day);
    for (const [account, shift, notes, startHour] of [
      ['orgstaff', Shift.day, dayNotes, 7],
      ['aide', Shift.evening, eveningNotes, 15],
    ] as const) {
      const start = unixDay + startHour * HOUR;
      rows.push({
        orgId: careOrgId,
        areaId: firstArea.id,
        staffId: authors.find((a) => a.account === account)!.id,
        shiftDate: day,
        shift,
        summary: shift === Shift.day ? '白班照護順利，重點已交接' : '小夜班平穩，已與大夜班交接',
        entries: entries(start, notes[daysAgo % notes.length]),
        createdAt: fromUnix(start + 8 * HOUR),
        updatedAt: fromUnix(start + 8 * HOUR),
      });
    }
  }
  await tx.insert(workLogs).values(rows);
}
