import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useQuery } from '@tanstack/react-query';
import {
  type AbnormalType,
  type Gender,
  type MedicalState,
  type MemberReport,
  type MemberReportVital,
  type PhysiologicalKind,
  Resource,
  abnormalTypeLabelKey,
  genderLabelKey,
  medicalStateLabelKey,
  memberReport,
  physiologicalKindLabelKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { InlineMessage } from '../../../../components/InlineMessage.tsx';
import { PageLoader } from '../../../../components/PageLoader.tsx';
import { useBreadcrumbName } from '../../../../lib/breadcrumb-name.ts';
import { formatDate } from '../../../../lib/format.ts';
import { request } from '../../../../lib/http.ts';
import { localeStore } from '../../../../lib/i18n.ts';

const dash = (v: number | string | null | undefined) =>
  v === null || v === undefined || v === '' ? '—' : String(v);

/** One vital series as a line: bucket means joined, broken where buckets are missing, the standard dashed. */
function VitalLine({
  vital,
  from,
  to,
  label,
}: {
  vital: MemberReportVital;
  from: number;
  to: number;
  label: string;
}) {
  const w = 600;
  const h = 110;
  const values = vital.points.map((p) => p[1]);
  let lo = Math.min(...values, vital.standard?.min ?? Infinity);
  let hi = Math.max(...values, vital.standard?.max ?? -Infinity);
  if (hi - lo < 1) [lo, hi] = [lo - 1, hi + 1];
  const x = (t: number) => ((t - from) / (to - from || 1)) * w;
  const y = (v: number) => h - ((v - lo) / (hi - lo)) * h;
  const step =
    vital.points.length > 1
      ? Math.min(...vital.points.slice(1).map((p, i) => p[0] - vital.points[i]![0]))
      : 0;
  const path = vital.points
    .map(
      ([t, v], i) =>
        `${i === 0 || t - vital.points[i - 1]![0] > step * 1.5 ? 'M' : 'L'}${x(t).toFixed(1)},${y(v).toFixed(1)}`,
    )
    .join(' ');
  return (
    <Box component="figure" sx={{ m: 0, breakInside: 'avoid' }}>
      <Typography component="figcaption" variant="subtitle2">
        {label}
      </Typography>
      <Box
        component="svg"
        viewBox={`-36 -6 ${w + 40} ${h + 12}`}
        role="img"
        aria-label={label}
        sx={{ width: '100%', maxWidth: 720, height: 'auto', color: 'primary.main' }}
      >
        <rect x={0} y={0} width={w} height={h} fill="none" stroke="currentColor" strokeOpacity={0.3} />
        <text x={-4} y={6} fontSize={10} textAnchor="end" fill="currentColor">
          {Math.round(hi * 10) / 10}
        </text>
        <text x={-4} y={h} fontSize={10} textAnchor="end" fill="currentColor">
          {Math.round(lo * 10) / 10}
        </text>
        {vital.standard &&
          [vital.standard.min, vital.standard.max].map((s) => (
            <line key={s} x1={0} x2={w} y1={y(s)} y2={y(s)} stroke="#dc2626" strokeDasharray="4 3" />
          ))}
        <path d={path} fill="none" stroke="currentColor" strokeWidth={1.5} />
      </Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ breakInside: 'auto' }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1, color: 'primary.main' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Rows({
  head,
  rows,
  numeric = [],
}: {
  head: string[];
  rows: (string | number)[][];
  numeric?: number[];
}) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} align={numeric.includes(i) ? 'right' : 'left'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              {r.map((c, j) => (
                <TableCell key={j} align={numeric.includes(j) ? 'right' : 'left'}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function ReportBody({ report }: { report: MemberReport }) {
  const { t } = useTranslation();
  const locale = localeStore.get();
  const time = (s: number) => formatDate(s, locale, 'dateTime');
  const m = report.member;
  const vitalName = (v: MemberReportVital) =>
    `${t(physiologicalKindLabelKey[v.kind as PhysiologicalKind])}${v.series === 'value' ? '' : ` · ${t(`report.${v.series}`)}`} (${t(`enum.unit.${v.unit}`)})`;
  const status = {
    handled: t('report.statusHandled'),
    recovered: t('report.statusRecovered'),
    open: t('report.statusOpen'),
  };
  const recordTotal = Object.values(report.records.counts).reduce((a, b) => a + b, 0);
  return (
    <Stack spacing={3}>
      <Section title={t('report.identity')}>
        <Rows
          head={[
            t('report.name'),
            t('report.gender'),
            t('report.birthday'),
            t('report.org'),
            t('report.area'),
            t('report.roomBed'),
            t('report.medicalState'),
          ]}
          rows={[
            [
              m.name,
              m.gender === null ? '—' : t(genderLabelKey[m.gender as Gender]),
              dash(m.birthday),
              m.org_name,
              dash(m.area_name),
              [m.room, m.bed].filter(Boolean).join(' / ') || '—',
              t(medicalStateLabelKey[m.medical_state as MedicalState]),
            ],
          ]}
        />
      </Section>
      <Section title={t('report.vitals')}>
        {report.vitals.length === 0 ? (
          <Typography color="text.secondary">{t('report.noReadings')}</Typography>
        ) : (
          <Stack spacing={2}>
            <Rows
              head={[
                t('report.kind'),
                t('report.count'),
                t('report.min'),
                t('report.max'),
                t('report.mean'),
                t('report.standardRange'),
                t('report.outOfStandard'),
              ]}
              numeric={[1, 2, 3, 4, 5, 6]}
              rows={report.vitals.map((v) => [
                vitalName(v),
                v.count,
                dash(v.min),
                dash(v.max),
                dash(v.mean),
                v.standard ? `${v.standard.min}–${v.standard.max}` : '—',
                dash(v.out_of_standard),
              ])}
            />
            {report.vitals
              .filter((v) => v.points.length > 0)
              .map((v) => (
                <VitalLine
                  key={`${v.kind}.${v.series}`}
                  vital={v}
                  from={report.from}
                  to={report.to}
                  label={vitalName(v)}
                />
              ))}
          </Stack>
        )}
      </Section>
      <Section title={t('report.alerts')}>
        <Typography sx={{ mb: 1 }}>{t('report.alertTotals', { ...report.alerts })}</Typography>
        {report.alerts.items.length > 0 && (
          <Rows
            head={[
              t('report.time'),
              t('report.type'),
              t('report.status'),
              t('report.handledBy'),
              t('report.handling'),
            ]}
            rows={report.alerts.items.map((a) => [
              time(a.occur_time),
              t(abnormalTypeLabelKey[a.type as AbnormalType]),
              status[a.status],
              a.handled_by ? `${a.handled_by}${a.handled_at ? ` · ${time(a.handled_at)}` : ''}` : '—',
              dash(a.content),
            ])}
          />
        )}
      </Section>
      <Section title={t('report.medication')}>
        {report.medication.medicines.length === 0 ? (
          <Typography color="text.secondary">{t('report.noDoses')}</Typography>
        ) : (
          <Rows
            head={[
              t('report.medicine'),
              t('report.scheduled'),
              t('report.given'),
              t('report.late'),
              t('report.notGiven'),
              t('report.notRecorded'),
              t('report.prnGiven'),
            ]}
            numeric={[1, 2, 3, 4, 5, 6]}
            rows={report.medication.medicines.map((x) => [
              x.name,
              x.scheduled,
              x.given,
              x.late,
              x.not_given,
              x.not_recorded,
              x.prn_given,
            ])}
          />
        )}
      </Section>
      <Section title={t('report.records')}>
        <Typography sx={{ mb: 1 }}>
          {Object.entries(report.records.counts)
            .map(([kind, n]) => `${t(`menu.${kind}`)} ${n}`)
            .join(' · ')}
        </Typography>
        {recordTotal === 0 ? (
          <Typography color="text.secondary">{t('report.noRecords')}</Typography>
        ) : (
          <Rows
            head={[t('report.time'), t('report.kind'), t('report.record')]}
            rows={report.records.items.map((r) => [time(r.time), t(`menu.${r.kind}`), r.title])}
          />
        )}
      </Section>
    </Stack>
  );
}

/**
 * member/info/:id/report?from&to&lang: the PDF's sections as a page the browser prints (the shell
 * hidden by print CSS). Shown in the console's language; the PDF is made in the language chosen.
 */
export function MemberReportPrintPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const query = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    lang: localeStore.get(),
    utc_offset: params.get('utc_offset') ?? '',
  };
  const report = useQuery({
    queryKey: ['member-report', id, query.from, query.to, query.lang, query.utc_offset],
    queryFn: () => request(`${Resource.user}/report/${id}/data`, { query, schema: memberReport }),
    retry: false,
  });
  useBreadcrumbName(report.data?.member.id, report.data?.member.name);
  if (report.isPending) return <PageLoader />;
  if (report.isError) return <InlineMessage severity="error">{t('report.failed')}</InlineMessage>;
  const r = report.data;
  return (
    <Stack spacing={2.5}>
      <GlobalStyles
        styles={{
          '@media print': { 'header, nav, .MuiDrawer-root, .no-print': { display: 'none !important' } },
        }}
      />
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}
      >
        <Box>
          <Typography variant="h1" component="h1">
            {t('report.title')}: {r.member.name}
          </Typography>
          <Typography color="text.secondary">
            {t('report.period')}:{' '}
            {t('report.periodValue', {
              from: formatDate(r.from, localeStore.get()),
              to: formatDate(r.to, localeStore.get()),
            })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} className="no-print">
          <Button component={RouterLink} to={`/member/info/${id}`}>
            {t('report.back')}
          </Button>
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
            {t('report.print')}
          </Button>
        </Stack>
      </Stack>
      <ReportBody report={r} />
    </Stack>
  );
}
