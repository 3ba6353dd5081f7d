import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import {
  abnormalTypeLabelKey,
  genderLabelKey,
  medicalStateLabelKey,
  physiologicalKindLabelKey,
  standardKindLabelKey,
  type AbnormalType,
  type Gender,
  type MedicalState,
  type MemberReport,
  type MemberReportVital,
  type PhysiologicalKind,
  type StandardKind,
} from '@vigil/contracts';
import { translator } from './labels.ts';

const require = createRequire(import.meta.url);
/**
 * Noto Sans TC from npm (OFL): one face covers Latin and traditional Chinese. Read once; pdfkit
 * embeds only the glyphs a report uses (a subset), so a report stays a few hundred kilobytes.
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function reportFonts() {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf'),
    ),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf')),
  };
  return fonts;
}

const MARGIN = 40;
const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#2563eb';
const BAND = '#dc2626';

type Column = { label: string; width: number; align?: 'left' | 'right' };

/** Renders one member report (data.ts) as a PDF: text, tables and vector line charts. */
export function renderMemberReportPdf(report: MemberReport): Promise<Buffer> {
  const t = translator(report.lang);
  const { regular, bold } = reportFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${t('report.title')} ${report.member.name}` },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const offsetMs = report.utc_offset * 60_000;
  const date = (s: number) => new Date(s * 1000 + offsetMs).toISOString().slice(0, 10);
  const dateTime = (s: number) => new Date(s * 1000 + offsetMs).toISOString().slice(0, 16).replace('T', ' ');
  const bottom = () => doc.page.height - MARGIN - 20;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensure(60);
    doc.moveDown(0.6).font('bold').fontSize(13).fillColor(ACCENT).text(text, MARGIN, doc.y, { width });
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .lineWidth(0.5)
      .strokeColor(ACCENT)
      .stroke();
    doc.moveDown(0.5).font('regular').fontSize(9).fillColor(INK);
  };
  const note = (text: string) =>
    doc.font('regular').fontSize(9).fillColor(MUTED).text(text, MARGIN, doc.y, { width }).fillColor(INK);

  const table = (columns: Column[], rows: string[][]) => {
    const row = (cells: string[], font: 'regular' | 'bold') => {
      doc.font(font).fontSize(8.5);
      const height =
        Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: columns[i]!.width - 4 }))) + 4;
      ensure(height);
      const y = doc.y;
      let x = MARGIN;
      cells.forEach((c, i) => {
        doc
          .fillColor(INK)
          .text(c, x + 2, y + 2, { width: columns[i]!.width - 4, align: columns[i]!.align ?? 'left' });
        x += columns[i]!.width;
      });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + width, y + height)
        .lineWidth(0.3)
        .strokeColor('#d1d5db')
        .stroke();
      doc.x = MARGIN;
      doc.y = y + height;
    };
    row(
      columns.map((c) => c.label),
      'bold',
    );
    for (const r of rows) row(r, 'regular');
  };

  /** A line chart of one series: bucket means joined, a gap where the readings stop, the standard as dashed lines. */
  const chart = (v: MemberReportVital, title: string) => {
    const h = 90;
    ensure(h + 30);
    doc.font('bold').fontSize(9).fillColor(INK).text(title, MARGIN, doc.y, { width });
    const top = doc.y + 4;
    const left = MARGIN + 32;
    const w = width - 36;
    const values = v.points.map((p) => p[1]);
    let lo = Math.min(...values, v.standard?.min ?? Infinity);
    let hi = Math.max(...values, v.standard?.max ?? -Infinity);
    if (hi - lo < 1) [lo, hi] = [lo - 1, hi + 1];
    const span = report.to - report.from || 1;
    const xOf = (t: number) => left + ((t - report.from) / span) * w;
    const yOf = (value: number) => top + h - ((value - lo) / (hi - lo)) * h;
    doc.rect(left, top, w, h).lineWidth(0.4).strokeColor('#9ca3af').stroke();
    doc.font('regular').fontSize(7).fillColor(MUTED);
    doc.text(String(Math.round(hi * 10) / 10), MARGIN, top - 3, { width: 28, align: 'right' });
    doc.text(String(Math.round(lo * 10) / 10), MARGIN, top + h - 6, { width: 28, align: 'right' });
    doc.text(date(report.from), left, top + h + 2, { width: 80 });
    doc.text(date(report.to), left + w - 80, top + h + 2, { width: 80, align: 'right' });
    if (v.standard) {
      for (const limit of [v.standard.min, v.standard.max]) {
        doc
          .moveTo(left, yOf(limit))
          .lineTo(left + w, yOf(limit))
          .dash(3, { space: 2 })
          .lineWidth(0.5)
          .strokeColor(BAND)
          .stroke()
          .undash();
      }
    }
    // A bucket with no readings breaks the line, as the console's charts do (SPEC §9's gap rule).
    const bucket =
      v.points.length > 1 ? Math.min(...v.points.slice(1).map((p, i) => p[0] - v.points[i]![0])) : span;
    doc.lineWidth(0.8).strokeColor(ACCENT);
    v.points.forEach(([time, value], i) => {
      const prev = v.points[i - 1];
      if (!prev || time - prev[0] > bucket * 1.5) doc.moveTo(xOf(time), yOf(value));
      else doc.lineTo(xOf(time), yOf(value));
    });
    doc.stroke();
    if (v.points.length === 1) doc.circle(xOf(v.points[0]![0]), yOf(v.points[0]![1]), 1.5).fill(ACCENT);
    doc.x = MARGIN;
    doc.y = top + h + 14;
  };

  const m = report.member;
  const vitalName = (v: MemberReportVital) =>
    v.series === 'value'
      ? t(physiologicalKindLabelKey[v.kind as PhysiologicalKind])
      : `${t(physiologicalKindLabelKey[v.kind as PhysiologicalKind])} · ${t(`report.${v.series}`)}`;
  const unit = (code: string) => t(`enum.unit.${code}`);
  const fmt = (n: number | null) => (n === null ? '—' : String(n));

  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(`${t('report.title')}: ${m.name}`, { width });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${t('report.period')}: ${t('report.periodValue', { from: date(report.from), to: date(report.to) })}`,
    );
  doc.text(t('report.generatedAt', { time: dateTime(report.generated_at) }));

  heading(t('report.identity'));
  table(
    [
      { label: t('report.name'), width: width * 0.2 },
      { label: t('report.gender'), width: width * 0.1 },
      { label: t('report.birthday'), width: width * 0.14 },
      { label: t('report.org'), width: width * 0.2 },
      { label: t('report.area'), width: width * 0.14 },
      { label: t('report.roomBed'), width: width * 0.1 },
      { label: t('report.medicalState'), width: width * 0.12 },
    ],
    [
      [
        m.name,
        m.gender === null ? '—' : t(genderLabelKey[m.gender as Gender]),
        m.birthday ?? '—',
        m.org_name,
        m.area_name ?? '—',
        [m.room, m.bed].filter(Boolean).join(' / ') || '—',
        t(medicalStateLabelKey[m.medical_state as MedicalState]),
      ],
    ],
  );

  heading(t('report.standards'));
  table(
    [
      { label: t('report.kind'), width: width * 0.5 },
      { label: t('report.min'), width: width * 0.25, align: 'right' },
      { label: t('report.max'), width: width * 0.25, align: 'right' },
    ],
    report.standards.map((s) => [
      t(standardKindLabelKey[s.kind as StandardKind]),
      String(s.min),
      s.over_max === null ? String(s.max) : `${s.max} (${s.over_max})`,
    ]),
  );

  heading(t('report.vitals'));
  if (!report.vitals.length) note(t('report.noReadings'));
  else {
    table(
      [
        { label: t('report.kind'), width: width * 0.26 },
        { label: t('report.count'), width: width * 0.1, align: 'right' },
        { label: t('report.min'), width: width * 0.12, align: 'right' },
        { label: t('report.max'), width: width * 0.12, align: 'right' },
        { label: t('report.mean'), width: width * 0.12, align: 'right' },
        { label: t('report.standardRange'), width: width * 0.14, align: 'right' },
        { label: t('report.outOfStandard'), width: width * 0.14, align: 'right' },
      ],
      report.vitals.map((v) => [
        `${vitalName(v)} (${unit(v.unit)})`,
        String(v.count),
        fmt(v.min),
        fmt(v.max),
        fmt(v.mean),
        v.standard ? `${v.standard.min}–${v.standard.max}` : '—',
        v.out_of_standard === null ? '—' : String(v.out_of_standard),
      ]),
    );
    doc.moveDown(0.6);
    for (const v of report.vitals) if (v.points.length) chart(v, `${vitalName(v)} (${unit(v.unit)})`);
  }

  heading(t('report.alerts'));
  const a = report.alerts;
  note(t('report.alertTotals', { total: a.total, handled: a.handled, recovered: a.recovered, open: a.open }));
  if (a.items.length) {
    doc.moveDown(0.3);
    const status = {
      handled: t('report.statusHandled'),
      recovered: t('report.statusRecovered'),
      open: t('report.statusOpen'),
    };
    table(
      [
        { label: t('report.time'), width: width * 0.17 },
        { label: t('report.type'), width: width * 0.2 },
        { label: t('report.status'), width: width * 0.1 },
        { label: t('report.handledBy'), width: width * 0.23 },
        { label: t('report.handling'), width: width * 0.3 },
      ],
      a.items.map((i) => [
        dateTime(i.occur_time),
        t(abnormalTypeLabelKey[i.type as AbnormalType]),
        status[i.status],
        i.handled_by ? `${i.handled_by}${i.handled_at ? ` · ${dateTime(i.handled_at)}` : ''}` : '—',
        i.content ?? '',
      ]),
    );
    if (a.total > a.items.length) note(t('report.more', { shown: a.items.length, total: a.total }));
  }

  heading(t('report.medication'));
  const med = report.medication;
  if (!med.medicines.length) note(t('report.noDoses'));
  else {
    if (med.scheduled)
      note(
        t('report.adherence', {
          given: med.given,
          scheduled: med.scheduled,
          percent: Math.round((med.given / med.scheduled) * 1000) / 10,
        }),
      );
    doc.moveDown(0.3);
    const cell = width * 0.12;
    table(
      [
        { label: t('report.medicine'), width: width - 6 * cell },
        { label: t('report.scheduled'), width: cell, align: 'right' },
        { label: t('report.given'), width: cell, align: 'right' },
        { label: t('report.late'), width: cell, align: 'right' },
        { label: t('report.notGiven'), width: cell, align: 'right' },
        { label: t('report.notRecorded'), width: cell, align: 'right' },
        { label: t('report.prnGiven'), width: cell, align: 'right' },
      ],
      med.medicines.map((x) => [
        x.name,
        String(x.scheduled),
        String(x.given),
        String(x.late),
        String(x.not_given),
        String(x.not_recorded),
        String(x.prn_given),
      ]),
    );
  }

  heading(t('report.records'));
  const r = report.records;
  const total = Object.values(r.counts).reduce((s, n) => s + n, 0);
  note(
    Object.entries(r.counts)
      .map(([kind, n]) => `${t(`menu.${kind}`)} ${n}`)
      .join(' · '),
  );
  if (!total) note(t('report.noRecords'));
  else {
    doc.moveDown(0.3);
    table(
      [
        { label: t('report.time'), width: width * 0.18 },
        { label: t('report.kind'), width: width * 0.18 },
        { label: t('report.record'), width: width * 0.64 },
      ],
      r.items.map((i) => [dateTime(i.time), t(`menu.${i.kind}`), i.title]),
    );
    if (total > r.items.length) note(t('report.more', { shown: r.items.length, total }));
  }

  // Page footers once every page exists: "Page n of N", the member and the period.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; without lifting it pdfkit would start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 4;
    doc.font('regular').fontSize(7.5).fillColor(MUTED);
    doc.text(`${m.name} · ${date(report.from)} – ${date(report.to)}`, MARGIN, y, {
      width: width / 2,
      lineBreak: false,
    });
    doc.text(t('report.page', { page: i + 1, pages: range.count }), MARGIN + width / 2, y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
