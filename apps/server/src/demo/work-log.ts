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

/** The hospital doctor's ward rounds (08–16): its five patients. */
const wardNotes: Note[][] = [
  [[0.5, 0, C.observation, '晨間查房，生命徵象穩定'], [2, 3, C.medication, '調整降壓藥劑量，請護理師追蹤血壓'], [5, null, C.communication, '與復健科討論出院準備']],
  [[0.5, 1, C.observation, '術後傷口癒合良好'], [3, 2, C.communication, '已向家屬說明出院計畫'], [6, 4, C.care, '更換敷料，無感染徵象']],
  [[1, 3, C.incident, '夜間心率偏快，已安排心電圖'], [4, 0, C.medication, '抗生素療程第五天，持續使用']],
];
/** The clinic doctor's day (09–17): outpatients and home-care visits. */
const clinicNotes: Note[][] = [
  [[0.5, 0, C.observation, '回診血壓控制良好'], [3, 1, C.medication, '開立慢性處方箋三個月'], [6, null, C.environment, '復健室器材消毒完成']],
  [[1, 2, C.care, '居家訪視，協助傷口換藥'], [4, 0, C.communication, '電話提醒家屬回診時間']],
];

type Roster = { org: number; account: string; shift: Shift; startHour: number; notes: Note[][]; summary: string };

/**
 * A week of work logs, relative to `now`: in the care home the care staff's day shifts and the
 * nursing aide's evening shifts, in the hospital the doctor's ward rounds and in the clinic its
 * doctor's days, their entries naming each organisation's members, in its first area.
 */
export async function seedWorkLogs(tx: Tx, now: number, orgIds: { care: number; hospital: number; clinic: number }): Promise<void> {
  const rosters: Roster[] = [
    { org: orgIds.care, account: 'orgstaff', shift: Shift.day, startHour: 7, notes: dayNotes, summary: '白班照護順利，重點已交接' },
    { org: orgIds.care, account: 'aide', shift: Shift.evening, startHour: 15, notes: eveningNotes, summary: '小夜班平穩，已與大夜班交接' },
    { org: orgIds.hospital, account: 'hospdoctor', shift: Shift.day, startHour: 8, notes: wardNotes, summary: '病房查房完成，重點已交班' },
    { org: orgIds.clinic, account: 'clinicdoctor', shift: Shift.day, startHour: 9, notes: clinicNotes, summary: '門診與居家訪視順利' },
  ];
  const authors = await tx.select({ id: staff.id, account: staff.account }).from(staff).where(inArray(staff.account, rosters.map((r) => r.account)));
  const today = new Date(now);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const rows = [];
  for (const roster of rosters) {
    const [firstArea] = await tx.select({ id: areas.id }).from(areas).where(eq(areas.orgId, roster.org)).orderBy(asc(areas.id)).limit(1);
    const residents = await tx.select({ id: members.id }).from(members).where(eq(members.orgId, roster.org)).orderBy(asc(members.id));
    const entries = (start: number, notes: Note[]): WorkLogEntryValue[] =>
      notes.map(([hour, member, category, content]) => ({
        time: start + Math.round(hour * HOUR),
        member_ids: member === null ? [] : [residents[member].id],
        category,
        content,
        attachments: [],
      }));
    for (let daysAgo = 7; daysAgo >= 1; daysAgo--) {
      const day = new Date(midnight - daysAgo * DAY_MS);
      const start = toUnix(day) + roster.startHour * HOUR;
      rows.push({
        orgId: roster.org,
        areaId: firstArea.id,
        staffId: authors.find((a) => a.account === roster.account)!.id,
        shiftDate: day,
        shift: roster.shift,
        summary: roster.summary,
        entries: entries(start, roster.notes[daysAgo % roster.notes.length]),
        createdAt: fromUnix(start + 8 * HOUR),
        updatedAt: fromUnix(start + 8 * HOUR),
      });
    }
  }
  await tx.insert(workLogs).values(rows);
}
