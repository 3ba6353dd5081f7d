import { asc, eq, inArray } from 'drizzle-orm';
import {
  BalanceMovementKind,
  CareHandleKind,
  CareService,
  ControlledLevel,
  DoseNotGivenReason,
  DoseOutcome,
  DosageForm,
  EducateMethod,
  EducateRecipient,
  EducateType,
  EducateUnderstanding,
  FollowUpCompanion,
  FollowUpTransport,
  HandleState,
  MedicationFrequency as F,
  MedicationType,
  PrescriptionType,
  PrnEffect,
  ScheduleRepeat,
  SECONDS_PER_DAY,
  expandDoseTimes,
  expandScheduleOccurrences,
  fromUnix,
  localDayStart,
  prnEffectDueAt,
  toUnix,
} from '@vigil/contracts';
import type { Tx } from '../db/client.ts';
import {
  careBalanceLedger,
  careBalances,
  careEducations,
  careFollowUps,
  careHandles,
  carePackageDoses,
  carePackages,
  careScheduleOccurrences,
  careSchedules,
  medicines,
  members,
  staff,
} from '../db/schema/index.ts';

const HOUR = 3600;
const DAYS = 14;
const hm = (h: number, m = 0) => h * 60 + m;

/** The care home's catalogue: everyday medicines of a Taiwanese nursing home. */
const catalogue = [
  { key: 'amlodipine', name: '脈優錠 Norvasc', genericName: 'Amlodipine', strength: '5 mg', form: DosageForm.tablet, unit: '錠' },
  { key: 'metformin', name: '庫魯化錠 Glucophage', genericName: 'Metformin', strength: '500 mg', form: DosageForm.tablet, unit: '錠' },
  { key: 'sinemet', name: '心寧美錠 Sinemet', genericName: 'Levodopa/Carbidopa', strength: '25/100 mg', form: DosageForm.tablet, unit: '錠', timeCritical: true },
  { key: 'aspirin', name: '伯基錠 Bokey', genericName: 'Aspirin', strength: '100 mg', form: DosageForm.capsule, unit: '粒' },
  { key: 'panadol', name: '普拿疼錠 Panadol', genericName: 'Acetaminophen', strength: '500 mg', form: DosageForm.tablet, unit: '錠' },
  { key: 'zolpidem', name: '使蒂諾斯錠 Stilnox', genericName: 'Zolpidem', strength: '10 mg', form: DosageForm.tablet, unit: '錠', controlledLevel: ControlledLevel.level4 },
  { key: 'mosapride', name: '加斯清錠 Gasmotin', genericName: 'Mosapride', strength: '5 mg', form: DosageForm.tablet, unit: '錠' },
  { key: 'jiaWei', name: '加味逍遙散', genericName: null, strength: '4 g', form: DosageForm.powder, unit: '包', medicationType: MedicationType.chinese },
] as const;
type MedicineKey = (typeof catalogue)[number]['key'];

/** Packages: [resident index, medicine, frequency, dose, daily times, PRN limits]. */
const regimens: [number, MedicineKey, F, number, number[], [number, number]?][] = [
  [0, 'amlodipine', F.qd, 1, [hm(8)]],
  [0, 'aspirin', F.qd, 1, [hm(8)]],
  [1, 'metformin', F.bid, 1, [hm(8), hm(18)]],
  [1, 'zolpidem', F.hs, 0.5, [hm(21)]],
  [2, 'sinemet', F.tid, 1, [hm(7), hm(12), hm(17)]],
  [3, 'mosapride', F.tid, 1, [hm(7, 30), hm(11, 30), hm(17, 30)]],
  [3, 'jiaWei', F.bid, 1, [hm(9), hm(20)]],
  [4, 'panadol', F.prn, 1, [], [240, 4]],
];

/**
 * Two weeks of care records in the demo care home (docs/care.md), relative to `nowMs`: the catalogue,
 * packages with their doses given (a few refused or asleep, PRN doses with their effect, the
 * controlled hypnotic witnessed and counted), education and follow-up visits (some still due),
 * service schedules with their occurrences, handled up to today but for the latest vital-signs round
 * (overdue). One dose this morning is left unrecorded, so the scheduler's first tick raises its
 * late-medication alert on first start.
 */
export async function seedCareRecords(tx: Tx, nowMs: number, careOrgId: number, pharmacyOrgId: number): Promise<void> {
  const now = toUnix(new Date(nowMs));
  const people = await tx.select({ id: staff.id, account: staff.account }).from(staff).where(inArray(staff.account, ['orgstaff', 'aide', 'orgadmin']));
  const who = (account: string) => people.find((p) => p.account === account)!.id;
  const nurse = who('orgstaff');
  const aide = who('aide');
  const witness = who('orgadmin');
  const residents = await tx
    .select({ id: members.id, areaId: members.areaId })
    .from(members)
    .where(eq(members.orgId, careOrgId))
    .orderBy(asc(members.id));
  const place = (i: number) => ({ orgId: careOrgId, areaId: residents[i].areaId, memberId: residents[i].id });
  const today = localDayStart(now);
  const start = today - DAYS * SECONDS_PER_DAY;

  const medicineRows = await tx
    .insert(medicines)
    .values(
      catalogue.map((m) => ({
        orgId: careOrgId,
        name: m.name,
        genericName: m.genericName,
        strength: m.strength,
        form: m.form,
        unit: m.unit,
        medicationType: 'medicationType' in m ? m.medicationType : MedicationType.western,
        controlledLevel: 'controlledLevel' in m ? m.controlledLevel : ControlledLevel.none,
        timeCritical: 'timeCritical' in m ? m.timeCritical : false,
        createdAt: fromUnix(start - 30 * SECONDS_PER_DAY),
      })),
    )
    .returning({ id: medicines.id });
  const medicineId = (key: MedicineKey) => medicineRows[catalogue.findIndex((m) => m.key === key)].id;

  for (const [index, key, frequency, dose, dailyTimes, prn] of regimens) {
    const entry = catalogue.find((m) => m.key === key)!;
    const [pkg] = await tx
      .insert(carePackages)
      .values({
        ...place(index),
        medicineId: medicineId(key),
        medicationType: 'medicationType' in entry ? entry.medicationType : MedicationType.western,
        prescriptionType: prn ? PrescriptionType.general : PrescriptionType.continuous,
        frequency,
        dose,
        route: 0,
        dailyTimes,
        startDate: fromUnix(start),
        timeCritical: 'timeCritical' in entry ? entry.timeCritical : false,
        prnMinIntervalMinutes: prn?.[0] ?? null,
        prnMaxPer24h: prn?.[1] ?? null,
        prnIndication: prn ? '疼痛或發燒 38 度以上' : null,
        pharmacyOrgId,
        prescriber: '林志明醫師',
        hospital: '臺北榮民總醫院',
        createdAt: fromUnix(start),
      })
      .returning();
    const controlled = 'controlledLevel' in entry;
    let balance = 0;
    let balanceId: number | undefined;
    if (controlled) {
      [{ id: balanceId }] = await tx.insert(careBalances).values({ orgId: careOrgId, memberId: residents[index].id, medicineId: pkg.medicineId, balance: 0 }).returning({ id: careBalances.id });
      balance = 28;
      await tx.insert(careBalanceLedger).values({
        balanceId,
        packageId: pkg.id,
        kind: BalanceMovementKind.receipt,
        delta: 28,
        balance,
        staffId: nurse,
        witnessId: witness,
        remark: '藥局送達 28 錠，雙人點收',
        createdAt: fromUnix(start),
      });
    }

    // PRN: a few doses over the fortnight, each with its effect an hour later.
    const times = prn
      ? [11, 9, 6, 4, 2, 1].map((d) => today - d * SECONDS_PER_DAY + hm(14) * 60)
      : expandDoseTimes({ frequency, dailyTimes, weekdays: [], startDate: start, endDate: null }, { from: start, to: now + 48 * HOUR });
    // The Sinemet resident's latest dose more than two hours ago stays unrecorded: it is late (a
    // time-critical medicine), whatever the hour the demo starts.
    const lateAt = key === 'sinemet' ? Math.max(...times.filter((t) => t < now - 2 * HOUR)) : undefined;
    // One statement per table and package: the seed runs on first start and must stay quick.
    const doseRows = await tx
      .insert(carePackageDoses)
      .values(
        times.map((at) => ({
          packageId: pkg.id,
          ...place(index),
          scheduledAt: prn ? null : fromUnix(at),
          state: at < now - HOUR && at !== lateAt ? HandleState.processed : HandleState.notProcessed,
        })),
      )
      .returning({ id: carePackageDoses.id });
    const given = times.flatMap((at, n) => (at < now - HOUR && at !== lateAt ? [{ at, n, doseId: doseRows[n].id }] : []));
    if (!given.length) continue;
    const handleValues = given.map(({ at, n, doseId }) => {
      const refused = !prn && !controlled && n % 17 === 5;
      const asleep = !prn && !controlled && n % 23 === 11;
      const givenAt = at + (n % 4) * 5 * 60;
      return {
        kind: CareHandleKind.packageMedicine,
        itemId: doseId,
        orgId: careOrgId,
        memberId: residents[index].id,
        content: refused ? '住民拒絕服藥，已告知護理師' : asleep ? '住民熟睡，依醫囑不喚醒' : prn ? '住民主訴膝關節疼痛 5 分，給予止痛藥' : '協助服藥，確認吞服',
        staffId: n % 2 ? aide : nurse,
        handleTime: fromUnix(givenAt),
        outcome: refused || asleep ? DoseOutcome.notGiven : DoseOutcome.given,
        reason: refused ? DoseNotGivenReason.refused : asleep ? DoseNotGivenReason.asleep : null,
        givenAt: refused || asleep ? null : fromUnix(givenAt),
        amount: refused || asleep ? null : dose,
        witnessId: controlled ? witness : null,
        effectDueAt: prn ? fromUnix(prnEffectDueAt(givenAt)) : null,
        effect: prn ? (n % 3 === 2 ? PrnEffect.partly : PrnEffect.effective) : null,
        effectAt: prn ? fromUnix(prnEffectDueAt(givenAt)) : null,
      };
    });
    const handleRows = await tx.insert(careHandles).values(handleValues).returning({ id: careHandles.id });
    if (controlled && balanceId !== undefined) {
      const ledgerBalanceId = balanceId;
      const ledger = handleValues.map((h, i) => {
        balance -= dose;
        return {
          balanceId: ledgerBalanceId,
          packageId: pkg.id,
          handleId: handleRows[i].id,
          kind: BalanceMovementKind.given,
          delta: -dose,
          balance,
          staffId: nurse,
          witnessId: witness,
          createdAt: h.handleTime,
        };
      });
      await tx.insert(careBalanceLedger).values(ledger);
    }
    if (balanceId !== undefined) await tx.update(careBalances).set({ balance }).where(eq(careBalances.id, balanceId));
  }

  await seedEducation(tx, today, place, { nurse, aide });
  await seedFollowUps(tx, now, today, place, nurse);
  await seedSchedules(tx, now, start, place, { nurse, aide });
}

type Place = (i: number) => { orgId: number; areaId: number | null; memberId: number };

const lessons: [number, EducateType, string, string, EducateRecipient, EducateMethod][] = [
  [0, EducateType.physiological, '居家血壓量測', '教導早晚各量一次血壓，坐姿休息五分鐘後測量並記錄', EducateRecipient.memberAndFamily, EducateMethod.demonstration],
  [1, EducateType.medication, '口服降血糖藥注意事項', '飯後服用，出現冒冷汗、手抖時立即告知照服員', EducateRecipient.member, EducateMethod.verbal],
  [2, EducateType.physiological, '跌倒預防', '起身先坐床緣三十秒，夜間使用床旁呼叫鈴', EducateRecipient.member, EducateMethod.demonstration],
  [3, EducateType.psychological, '入住適應與情緒支持', '說明作息與活動時間，鼓勵參加團體活動', EducateRecipient.memberAndFamily, EducateMethod.verbal],
  [4, EducateType.physiological, '壓力性損傷預防', '每兩小時翻身，保持皮膚乾燥，注意骨突處', EducateRecipient.caregiver, EducateMethod.printed],
  [5, EducateType.medication, '吸入劑正確使用', '搖勻、吐氣、按壓同時深吸、閉氣十秒', EducateRecipient.member, EducateMethod.demonstration],
  [6, EducateType.other, '流感疫苗接種說明', '說明接種時間與可能副作用', EducateRecipient.family, EducateMethod.printed],
  [1, EducateType.physiological, '糖尿病足部照護', '每日檢查足部，溫水清洗後擦乾趾縫', EducateRecipient.caregiver, EducateMethod.video],
  [2, EducateType.medication, '帕金森氏症用藥準時', '心寧美需準時服用，延誤易造成僵硬', EducateRecipient.memberAndFamily, EducateMethod.verbal],
  [0, EducateType.physiological, '低鹽飲食', '避免醃漬食品，湯汁少喝', EducateRecipient.family, EducateMethod.printed],
];

async function seedEducation(tx: Tx, today: number, place: Place, staffIds: { nurse: number; aide: number }) {
  const planned = lessons.map(([member, type, topic, content, recipient, method], n) => {
    // Spread over the fortnight, the latest yesterday; the three latest still await their review.
    const educateAt = today - Math.max(1, Math.round(13 - n * 1.4)) * SECONDS_PER_DAY + hm(10) * 60;
    const reviewAt = educateAt + SECONDS_PER_DAY;
    return { member, type, topic, content, recipient, method, n, educateAt, reviewAt, due: n >= lessons.length - 3 };
  });
  const rows = await tx
    .insert(careEducations)
    .values(
      planned.map((l) => ({
        ...place(l.member),
        type: l.type,
        educateAt: fromUnix(l.educateAt),
        topic: l.topic,
        content: l.content,
        recipient: l.recipient,
        method: l.method,
        understanding: l.n % 3 === 0 ? EducateUnderstanding.partly : EducateUnderstanding.understood,
        educatorId: l.n % 2 ? staffIds.aide : staffIds.nurse,
        reviewAt: fromUnix(l.reviewAt),
        state: l.due ? HandleState.notProcessed : HandleState.processed,
        createdAt: fromUnix(l.educateAt),
        updatedAt: fromUnix(l.educateAt),
      })),
    )
    .returning({ id: careEducations.id });
  await tx.insert(careHandles).values(
    planned.flatMap((l, i) =>
      l.due
        ? []
        : [
            {
              kind: CareHandleKind.health,
              itemId: rows[i].id,
              orgId: place(l.member).orgId,
              memberId: place(l.member).memberId,
              content: '回覆示教正確，能說出重點',
              staffId: staffIds.nurse,
              handleTime: fromUnix(l.reviewAt),
            },
          ],
    ),
  );
}

const visits: [number, string, number, string, number][] = [
  [0, '臺北榮民總醫院', 2, '高血壓定期回診', -12],
  [1, '臺北市立聯合醫院中興院區', 6, '糖尿病追蹤，抽血檢查 HbA1c', -9],
  [2, '國立臺灣大學醫學院附設醫院', 24, '帕金森氏症門診，評估藥物劑量', -5],
  [3, '臺北市立聯合醫院中興院區', 4, '胃口差，腸胃科評估', -2],
  [5, '臺北榮民總醫院', 27, '白內障術後追蹤', 2],
  [0, '臺北榮民總醫院', 2, '高血壓定期回診，攜帶血壓紀錄', 9],
  [6, '國泰綜合醫院', 15, '膝關節退化，骨科評估', 5],
];

async function seedFollowUps(tx: Tx, now: number, today: number, place: Place, nurse: number) {
  const planned = visits.map(([member, hospital, department, reason, days], n) => {
    const appointmentAt = today + days * SECONDS_PER_DAY + hm(9, 30) * 60;
    return { member, hospital, department, reason, n, appointmentAt, done: appointmentAt < now };
  });
  const result = '病情穩定，維持原處方，三個月後回診';
  const rows = await tx
    .insert(careFollowUps)
    .values(
      planned.map((v) => ({
        ...place(v.member),
        hospital: v.hospital,
        department: v.department,
        doctor: ['林志明', '王淑芬', '張家豪', '李美玲'][v.n % 4],
        appointmentAt: fromUnix(v.appointmentAt),
        appointmentNo: String(12 + v.n * 7),
        reason: v.reason,
        transport: v.n % 2 ? FollowUpTransport.accessibleTransport : FollowUpTransport.homeVehicle,
        companion: v.n % 3 === 0 ? FollowUpCompanion.family : FollowUpCompanion.staff,
        companionName: v.n % 3 === 0 ? '家屬' : null,
        bringItems: '健保卡、用藥清單、血壓紀錄',
        result: v.done ? result : null,
        state: v.done ? HandleState.processed : HandleState.notProcessed,
        createdAt: fromUnix(v.appointmentAt - 10 * SECONDS_PER_DAY),
        updatedAt: fromUnix(v.appointmentAt - 10 * SECONDS_PER_DAY),
      })),
    )
    .returning({ id: careFollowUps.id });
  await tx.insert(careHandles).values(
    planned.flatMap((v, i) =>
      v.done
        ? [
            {
              kind: CareHandleKind.follow,
              itemId: rows[i].id,
              orgId: place(v.member).orgId,
              memberId: place(v.member).memberId,
              content: result,
              staffId: nurse,
              handleTime: fromUnix(v.appointmentAt + 4 * HOUR),
            },
          ]
        : [],
    ),
  );
}

const plans: [number, CareService, string, number, ScheduleRepeat, number[], 'nurse' | 'aide'][] = [
  [0, CareService.bathing, '協助淋浴', hm(10), ScheduleRepeat.weekly, [2, 5], 'aide'],
  [2, CareService.rehabilitation, '下肢肌力復健', hm(15), ScheduleRepeat.daily, [], 'aide'],
  [4, CareService.woundCare, '薦骨壓傷換藥', hm(14), ScheduleRepeat.daily, [], 'nurse'],
  [5, CareService.repositioning, '翻身擺位', hm(16), ScheduleRepeat.daily, [], 'aide'],
  [1, CareService.vitalSigns, '生命徵象量測', hm(9), ScheduleRepeat.daily, [], 'nurse'],
  [3, CareService.hairAndNailCare, '修剪指甲', hm(11), ScheduleRepeat.weekly, [3], 'aide'],
];

async function seedSchedules(tx: Tx, now: number, start: number, place: Place, staffIds: { nurse: number; aide: number }) {
  for (const [member, service, title, timeOfDay, repeat, weekdays, assignee] of plans) {
    const [schedule] = await tx
      .insert(careSchedules)
      .values({
        ...place(member),
        service,
        title,
        startDate: fromUnix(start),
        timeOfDay,
        durationMinutes: 30,
        repeat,
        weekdays,
        staffId: staffIds[assignee],
        createdAt: fromUnix(start),
      })
      .returning();
    const due = expandScheduleOccurrences({ repeat, timeOfDay, weekdays, startDate: start, endDate: null }, { from: start, to: now + 14 * SECONDS_PER_DAY });
    if (!due.length) continue;
    // The latest vital-signs round (daily, so within the last day) is still to be done: the care
    // page lists it overdue and the next handover of the area carries it as an overdue item.
    const overdue = service === CareService.vitalSigns ? due.filter((at) => at < now).at(-1) : undefined;
    const handledAt = (at: number) => at < now && at !== overdue;
    const rows = await tx
      .insert(careScheduleOccurrences)
      .values(
        due.map((at, n) => ({
          scheduleId: schedule.id,
          ...place(member),
          dueAt: fromUnix(at),
          state: handledAt(at) ? HandleState.processed : HandleState.notProcessed,
          done: handledAt(at) ? n % 9 !== 4 : null,
        })),
      )
      .returning({ id: careScheduleOccurrences.id });
    const handled = due.flatMap((at, n) => (handledAt(at) ? [{ at, n, id: rows[n].id }] : []));
    if (!handled.length) continue;
    await tx.insert(careHandles).values(
      handled.map(({ at, n, id }) => ({
        kind: CareHandleKind.schedule,
        itemId: id,
        orgId: place(member).orgId,
        memberId: place(member).memberId,
        content: n % 9 === 4 ? '住民身體不適，改日執行' : '已完成',
        staffId: staffIds[assignee],
        handleTime: fromUnix(at + 40 * 60),
      })),
    );
  }
}
