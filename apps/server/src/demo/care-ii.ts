import { createHash } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  Appetite,
  BodyMainPart as Main,
  BodySmallPart as Small,
  BodyView,
  CareHandleKind,
  ConsultationPeriod,
  Department,
  DietTexture,
  EatenPortion,
  HandleState,
  Meal,
  OpdStatus,
  Organ,
  OrganPosition,
  OutpatientType,
  PAIN_REASSESS_MINUTES,
  PainTool,
  PainType,
  ReportType,
  StethoscopeMode,
  SymptomFinding,
  WoundCategory,
  fromUnix,
  localDayStart,
  symptomScore,
  toUnix,
  type SymptomSite,
} from '@vigil/contracts';
import type { Tx } from '../db/client.ts';
import { careDiets, careHandles, careReports, careStethoscopes, careSymptoms, medicalRecords, members, opdVisits, staff } from '../db/schema/index.ts';

/**
 * Care records II demo (docs/care.md "Care records II"): pain and wound assessments, meals,
 * stethoscope recordings, reports, medical records and outpatient visits, so every page has
 * content on first start. The recordings and the report are made here (a synthesized heartbeat and
 * breath sound, a small PDF), written to the upload folder under fixed stored names.
 */

const HOUR = 3600;
const DAY = 86_400;
/** Stored names as the storage module makes them (32 hex characters and the type), fixed for the demo. */
const storedName = (seed: string, type: string) => `${createHash('md5').update(`vigil-demo-${seed}`).digest('hex')}.${type}`;
export const demoFiles = {
  heart: storedName('heart', 'wav'),
  lung: storedName('lung', 'wav'),
  report: storedName('report', 'pdf'),
} as const;

/** A deterministic pseudo-random source (the demo is the same on every start). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** 16-bit mono PCM WAV of samples in -1..1. */
function wav(samples: Float32Array, rate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32_000), i * 2));
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** Heart sounds at 72 per minute: S1 ("lub", lower and longer) and S2 ("dub") 0.3 s later, as decaying tones. */
export function heartbeatWav(seconds = 8, rate = 8000): Buffer {
  const out = new Float32Array(seconds * rate);
  const noise = random(72);
  const beat = 60 / 72;
  const tone = (start: number, length: number, freqs: number[], gain: number) => {
    for (let i = 0; i < length * rate; i++) {
      const at = Math.floor(start * rate) + i;
      if (at >= out.length) return;
      const t = i / rate;
      const envelope = Math.sin((Math.PI * t) / length) * Math.exp(-t * 18);
      out[at] += gain * envelope * freqs.reduce((sum, f) => sum + Math.sin(2 * Math.PI * f * t), 0) / freqs.length;
    }
  };
  for (let t = 0.2; t < seconds; t += beat) {
    tone(t, 0.12, [45, 90, 140], 0.9);
    tone(t + 0.3, 0.09, [65, 130, 190], 0.65);
  }
  for (let i = 0; i < out.length; i++) out[i] += (noise() - 0.5) * 0.02;
  return wav(out, rate);
}

/** Vesicular breath sound: soft low noise rising on inspiration (1.6 s) and fading on expiration (2.4 s). */
export function breathWav(seconds = 8, rate = 8000): Buffer {
  const out = new Float32Array(seconds * rate);
  const noise = random(16);
  let low = 0;
  for (let i = 0; i < out.length; i++) {
    const t = (i / rate) % 4;
    const envelope = t < 1.6 ? Math.sin((Math.PI * t) / 3.2) : Math.max(0, Math.cos((Math.PI * (t - 1.6)) / 4.8)) * 0.5;
    low += 0.08 * (noise() - 0.5 - low);
    out[i] = low * 6 * envelope;
  }
  return wav(out, rate);
}

/** A one-page PDF (a laboratory report) with valid cross-references, so any viewer opens it. */
export function reportPdf(): Buffer {
  const lines = [
    'Vigil demo laboratory report',
    'Complete blood count and metabolic panel',
    'Haemoglobin 12.8 g/dL (13.0 - 17.0) L',
    'White cells 6.4 x10^3/uL (4.0 - 10.0)',
    'Fasting glucose 132 mg/dL (70 - 100) H',
    'HbA1c 7.1 % (4.0 - 5.6) H',
    'Creatinine 1.1 mg/dL (0.7 - 1.3)',
  ];
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${780 - i * 24} Td (${l}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Writes the demo's recordings and report into the upload folder, once (they never change). */
export async function writeDemoFiles(uploadDir: string): Promise<void> {
  const files: [string, string, () => Buffer][] = [
    ['stethoscope', demoFiles.heart, () => heartbeatWav()],
    ['stethoscope', demoFiles.lung, () => breathWav()],
    ['report', demoFiles.report, reportPdf],
  ];
  for (const [folder, name, make] of files) {
    const path = join(uploadDir, folder, name);
    const exists = await access(path).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    await mkdir(join(uploadDir, folder), { recursive: true });
    await writeFile(path, make());
  }
}

const pain = (view: BodyView, main: Main, small: Small | null, type: PainType, intensity: number | null, worst = false): SymptomSite => ({
  view,
  main_part: main,
  small_part: small,
  organ_position: null,
  finding: SymptomFinding.pain,
  pain_type: type,
  intensity,
  category: null,
  worst,
});
const wound = (view: BodyView, main: Main, small: Small, finding: SymptomFinding, category: WoundCategory): SymptomSite => ({
  view,
  main_part: main,
  small_part: small,
  organ_position: null,
  finding,
  pain_type: null,
  intensity: null,
  category,
  worst: false,
});

type OrgIds = { care: number; hospital: number; clinic: number };

export async function seedCareRecordsII(tx: Tx, nowMs: number, orgIds: OrgIds): Promise<void> {
  const now = toUnix(new Date(nowMs));
  const today = localDayStart(now);
  const people = await tx.select({ id: staff.id, account: staff.account }).from(staff).where(inArray(staff.account, ['orgstaff', 'aide', 'hospdoctor']));
  const who = (account: string) => people.find((p) => p.account === account)!.id;
  const nurse = who('orgstaff');
  const membersOf = (orgId: number) =>
    tx.select({ id: members.id, areaId: members.areaId }).from(members).where(eq(members.orgId, orgId)).orderBy(asc(members.id));
  const residents = await membersOf(orgIds.care);
  const patients = await membersOf(orgIds.hospital);
  const clinicPatients = await membersOf(orgIds.clinic);
  const at = (list: { id: number; areaId: number | null }[], orgId: number, i: number) => ({ orgId, areaId: list[i].areaId, memberId: list[i].id });
  const resident = (i: number) => at(residents, orgIds.care, i);

  // Pain: resident 2's low back over five days (the chart of intensity over time), settling with
  // treatment; resident 5 with PAINAD (dementia); a sacral pressure injury and a skin tear.
  const assessments: { who: number; daysAgo: number; tool: PainTool; sites: SymptomSite[]; notes: string; painad?: { breathing: number; vocalization: number; facial: number; body_language: number; consolability: number } }[] = [
    { who: 2, daysAgo: 5, tool: PainTool.numeric, sites: [pain(BodyView.back, Main.lowerBack, Small.lumbarSpine, PainType.sharp, 7, true), pain(BodyView.front, Main.rightLowerLimb, Small.rightThigh, PainType.numbness, 4)], notes: '翻身時下背痛加劇，放射至右大腿' },
    { who: 2, daysAgo: 4, tool: PainTool.numeric, sites: [pain(BodyView.back, Main.lowerBack, Small.lumbarSpine, PainType.sharp, 6, true), pain(BodyView.front, Main.rightLowerLimb, Small.rightThigh, PainType.numbness, 3)], notes: '熱敷後稍緩解' },
    { who: 2, daysAgo: 3, tool: PainTool.numeric, sites: [pain(BodyView.back, Main.lowerBack, Small.lumbarSpine, PainType.soreness, 5, true), pain(BodyView.front, Main.rightLowerLimb, Small.rightThigh, PainType.numbness, 3)], notes: '復健後' },
    { who: 2, daysAgo: 2, tool: PainTool.numeric, sites: [pain(BodyView.back, Main.lowerBack, Small.lumbarSpine, PainType.soreness, 3, true), pain(BodyView.front, Main.rightLowerLimb, Small.rightThigh, PainType.numbness, 2)], notes: '可自行下床' },
    { who: 2, daysAgo: 1, tool: PainTool.numeric, sites: [pain(BodyView.back, Main.lowerBack, Small.lumbarSpine, PainType.soreness, 2, true)], notes: '疼痛改善' },
    { who: 5, daysAgo: 1, tool: PainTool.painad, sites: [pain(BodyView.front, Main.abdomen, Small.lowerAbdomen, PainType.distended, null, true)], notes: '呻吟、皺眉，觸碰下腹時退縮', painad: { breathing: 1, vocalization: 1, facial: 1, body_language: 1, consolability: 1 } },
    { who: 7, daysAgo: 2, tool: PainTool.numeric, sites: [wound(BodyView.back, Main.lowerBack, Small.sacrum, SymptomFinding.pressureInjury, WoundCategory.stage2), pain(BodyView.back, Main.lowerBack, Small.sacrum, PainType.burning, 3, true)], notes: '薦骨部二級壓傷 2×3 cm，每兩小時翻身' },
    { who: 9, daysAgo: 0, tool: PainTool.numeric, sites: [wound(BodyView.front, Main.leftUpperLimb, Small.leftForearm, SymptomFinding.wound, WoundCategory.skinTear), pain(BodyView.front, Main.leftUpperLimb, Small.leftForearm, PainType.sharp, 5, true)], notes: '移位時左前臂皮膚撕裂傷，已清潔覆蓋' },
  ];
  for (const a of assessments) {
    const assessedAt = a.daysAgo === 0 ? now - 20 * 60 : today - a.daysAgo * DAY + 10 * HOUR;
    const score = symptomScore({ tool: a.tool, painad: a.painad ?? null, sites: a.sites });
    const due = score !== null && score > 3;
    // Past assessments were reassessed within their hour; today's is still due.
    const handled = due && a.daysAgo > 0;
    const [row] = await tx
      .insert(careSymptoms)
      .values({
        ...resident(a.who),
        assessedAt: fromUnix(assessedAt),
        tool: a.tool,
        painad: a.painad ?? null,
        sites: a.sites,
        score,
        notes: a.notes,
        reassessAt: due ? fromUnix(assessedAt + PAIN_REASSESS_MINUTES * 60) : null,
        state: due && !handled ? HandleState.notProcessed : HandleState.processed,
        assessorId: nurse,
        // The demo's history holds no alert for these; marking them alerted keeps the sweep from raising old pain at start.
        alertedAt: due ? fromUnix(assessedAt) : null,
        createdAt: fromUnix(assessedAt),
        updatedAt: fromUnix(assessedAt),
      })
      .returning({ id: careSymptoms.id });
    if (handled) {
      await tx.insert(careHandles).values({
        kind: CareHandleKind.symptom,
        itemId: row.id,
        orgId: orgIds.care,
        memberId: resident(a.who).memberId,
        staffId: nurse,
        content: '給予止痛藥後再評估',
        score: Math.max(0, (score ?? 0) - 2),
        handleTime: fromUnix(assessedAt + 50 * 60),
      });
    }
  }

  // Meals: three days of breakfast, lunch and dinner for six residents; resident 5 eats poorly.
  const menu: Record<number, string[]> = {
    [Meal.breakfast]: ['地瓜粥、肉鬆、燙青菜', '饅頭、豆漿、水煮蛋', '麥片粥、蒸蛋'],
    [Meal.lunch]: ['白飯、清蒸魚、炒高麗菜、味噌湯', '糙米飯、滷雞腿、炒菠菜、冬瓜湯', '白飯、豆腐燒肉、炒青江菜、蘿蔔湯'],
    [Meal.dinner]: ['稀飯、肉末豆腐、炒地瓜葉', '麵線、蛋花湯、燙花椰菜', '白飯、蒸鱈魚、炒絲瓜'],
  };
  const diets: (typeof careDiets.$inferInsert)[] = [];
  for (let day = 2; day >= 0; day--) {
    for (const [meal, hour] of [[Meal.breakfast, 7.5], [Meal.lunch, 12], [Meal.dinner, 17.5]] as const) {
      const mealAt = today - day * DAY + hour * HOUR;
      if (mealAt > now) continue;
      for (const i of [0, 1, 2, 3, 5, 6]) {
        const poor = i === 5;
        const eaten = poor ? (day === 0 ? EatenPortion.quarter : EatenPortion.half) : ((i + day + meal) % 4 === 0 ? EatenPortion.threeQuarters : EatenPortion.all);
        const appetite = poor ? Appetite.poor : eaten === EatenPortion.all ? Appetite.good : Appetite.fair;
        const needs = eaten <= EatenPortion.half || appetite === Appetite.poor;
        diets.push({
          ...resident(i),
          meal,
          mealAt: fromUnix(mealAt),
          texture: i === 5 ? DietTexture.minced : i === 3 ? DietTexture.soft : DietTexture.regular,
          served: menu[meal][(day + i) % 3],
          eaten,
          fluidMl: 150 + ((i * 37 + day * 11 + meal * 7) % 5) * 50,
          appetite,
          remark: poor ? '進食意願低，需鼓勵' : null,
          // Yesterday's poor meals were followed up; today's are still due.
          state: needs && day === 0 ? HandleState.notProcessed : HandleState.processed,
          createdAt: fromUnix(mealAt + HOUR),
          updatedAt: fromUnix(mealAt + HOUR),
        });
      }
    }
  }
  await tx.insert(careDiets).values(diets);

  // Stethoscope: heart and lung sounds of residents and a hospital patient (all the same two recordings).
  const auscultations = [
    { place: resident(0), organ: Organ.heart, position: OrganPosition.mitralArea, mode: StethoscopeMode.clockFace, audio: demoFiles.heart, findings: '心音規則，無雜音', hoursAgo: 3 },
    { place: resident(1), organ: Organ.back, position: OrganPosition.rightLowerBack, mode: StethoscopeMode.membrane, audio: demoFiles.lung, findings: '右下肺呼吸音稍減弱', hoursAgo: 26 },
    { place: resident(2), organ: Organ.heart, position: OrganPosition.aorticArea, mode: StethoscopeMode.fullFrequencyMembrane, audio: demoFiles.heart, findings: null, hoursAgo: 50 },
    { place: at(patients, orgIds.hospital, 0), organ: Organ.chestFront, position: OrganPosition.leftUpperFront, mode: StethoscopeMode.membrane, audio: demoFiles.lung, findings: '左上肺有囉音', hoursAgo: 5 },
  ];
  await tx.insert(careStethoscopes).values(
    auscultations.map((a) => ({
      ...a.place,
      recordedAt: fromUnix(now - a.hoursAgo * HOUR),
      mode: a.mode,
      organ: a.organ,
      position: a.position,
      audio: a.audio,
      findings: a.findings,
      recorderId: a.place.orgId === orgIds.hospital ? who('hospdoctor') : nurse,
      createdAt: fromUnix(now - a.hoursAgo * HOUR),
      updatedAt: fromUnix(now - a.hoursAgo * HOUR),
    })),
  );

  await tx.insert(careReports).values(
    [
      { place: resident(0), type: ReportType.lab, title: '年度血液檢查', hospital: '臺北榮民總醫院', daysAgo: 12, summary: '血糖偏高，建議追蹤 HbA1c' },
      { place: resident(3), type: ReportType.checkUp, title: '老人健康檢查', hospital: '和平醫院', daysAgo: 40, summary: null },
      { place: at(patients, orgIds.hospital, 1), type: ReportType.discharge, title: 'Discharge summary', hospital: null, daysAgo: 3, summary: 'Community-acquired pneumonia, completed antibiotics' },
    ].map((r) => ({
      ...r.place,
      type: r.type,
      title: r.title,
      reportDate: fromUnix(today - r.daysAgo * DAY),
      hospital: r.hospital,
      files: [demoFiles.report],
      summary: r.summary,
    })),
  );

  // Medical history: the home's residents, and the hospital's and clinic's own patients.
  const diagnoses = [
    { place: resident(0), diagnosis: '第二型糖尿病', icd: 'E11.9', hospital: '臺北榮民總醫院', dept: Department.endocrinology, doctor: '陳醫師', years: 8, meds: 'Metformin 500 mg BID', reviewed: true },
    { place: resident(0), diagnosis: '原發性高血壓', icd: 'I10', hospital: '臺北榮民總醫院', dept: Department.cardiology, doctor: '林醫師', years: 12, meds: 'Amlodipine 5 mg QD', reviewed: true },
    { place: resident(2), diagnosis: '腰椎退化性關節炎', icd: 'M47.816', hospital: '和平醫院', dept: Department.orthopedics, doctor: '張醫師', years: 3, meds: 'Acetaminophen 500 mg PRN', reviewed: true },
    { place: resident(4), diagnosis: '巴金森氏症', icd: 'G20', hospital: '臺大醫院', dept: Department.neurology, doctor: '黃醫師', years: 5, meds: 'Sinemet 25/100 mg TID', reviewed: false },
    { place: resident(5), diagnosis: '阿茲海默症', icd: 'G30.9', hospital: '臺大醫院', dept: Department.neurology, doctor: '黃醫師', years: 4, meds: null, reviewed: true },
    { place: at(patients, orgIds.hospital, 0), diagnosis: '社區性肺炎', icd: 'J18.9', hospital: '康寧醫院', dept: Department.chestMedicine, doctor: '劉宗翰', years: 0, meds: 'Augmentin 1 g BID', reviewed: false },
    { place: at(patients, orgIds.hospital, 2), diagnosis: '慢性心衰竭', icd: 'I50.9', hospital: '康寧醫院', dept: Department.cardiology, doctor: '劉宗翰', years: 2, meds: 'Furosemide 40 mg QD', reviewed: true },
    { place: at(clinicPatients, orgIds.clinic, 0), diagnosis: '慢性阻塞性肺病', icd: 'J44.9', hospital: '安心診所', dept: Department.familyMedicine, doctor: '楊承恩', years: 6, meds: 'Tiotropium inhaler QD', reviewed: true },
    { place: at(clinicPatients, orgIds.clinic, 1), diagnosis: '高血脂症', icd: 'E78.5', hospital: '安心診所', dept: Department.familyMedicine, doctor: '楊承恩', years: 1, meds: 'Atorvastatin 20 mg QD', reviewed: false },
  ];
  await tx.insert(medicalRecords).values(
    diagnoses.map((d) => ({
      ...d.place,
      diagnosis: d.diagnosis,
      icdCode: d.icd,
      hospital: d.hospital,
      department: d.dept,
      doctor: d.doctor,
      diagnosedAt: fromUnix(today - Math.max(d.years * 365, 4) * DAY),
      medications: d.meds,
      state: d.reviewed ? HandleState.processed : HandleState.notProcessed,
    })),
  );

  // Outpatient visits: the clinic's video visits and general ones, the hospital's clinics, a resident's visit.
  const visits = [
    { place: at(clinicPatients, orgIds.clinic, 0), type: OutpatientType.video, period: ConsultationPeriod.morning, dept: Department.familyMedicine, doctor: '楊承恩', day: 0, status: OpdStatus.checkedIn, number: 3, notes: '視訊追蹤用藥與血氧' },
    { place: at(clinicPatients, orgIds.clinic, 1), type: OutpatientType.video, period: ConsultationPeriod.evening, dept: Department.familyMedicine, doctor: '楊承恩', day: 1, status: OpdStatus.booked, number: 12, notes: '視訊看診，家屬陪同' },
    { place: at(clinicPatients, orgIds.clinic, 2), type: OutpatientType.general, period: ConsultationPeriod.afternoon, dept: Department.familyMedicine, doctor: '楊承恩', day: -7, status: OpdStatus.completed, number: 8, notes: null },
    { place: at(clinicPatients, orgIds.clinic, 1), type: OutpatientType.video, period: ConsultationPeriod.morning, dept: Department.familyMedicine, doctor: '楊承恩', day: -14, status: OpdStatus.completed, number: 5, notes: '血脂檢驗結果說明' },
    { place: at(patients, orgIds.hospital, 2), type: OutpatientType.general, period: ConsultationPeriod.morning, dept: Department.cardiology, doctor: '劉宗翰', day: 2, status: OpdStatus.booked, number: 21, notes: '心臟超音波後回診' },
    { place: at(patients, orgIds.hospital, 3), type: OutpatientType.general, period: ConsultationPeriod.afternoon, dept: Department.chestMedicine, doctor: '劉宗翰', day: -3, status: OpdStatus.noShow, number: 14, notes: null },
    { place: resident(4), type: OutpatientType.general, period: ConsultationPeriod.morning, dept: Department.neurology, doctor: '黃醫師', day: 5, status: OpdStatus.booked, number: 32, notes: '巴金森氏症定期回診' },
  ];
  await tx.insert(opdVisits).values(
    visits.map((v) => ({
      ...v.place,
      type: v.type,
      period: v.period,
      department: v.dept,
      doctor: v.doctor,
      visitDate: fromUnix(today + v.day * DAY),
      number: v.number,
      status: v.status,
      notes: v.notes,
    })),
  );
}
