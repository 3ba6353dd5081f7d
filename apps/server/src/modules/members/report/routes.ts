import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, idParam, memberReport, memberReportQuery } from '@vigil/contracts';
import { errorResponses } from '../../../http/schemas.ts';
import { buildMemberReport } from '../../../reports/member/data.ts';
import { renderMemberReportPdf } from '../../../reports/member/pdf.ts';

/**
 * GET /user/report/{id}: one member's report for a period as a PDF, and /data: the same sections
 * as JSON for the console's printable page. Reading a member's report is reading the member: the
 * member's detail pair and scope. Both are audited with the action `report` (audit/hook.ts).
 */
export async function memberReportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    '/user/report/:id',
    {
      config: { permission: 'GET /user/{id}' },
      schema: {
        tags: ['user'],
        summary:
          'Member report (PDF): identity and standards, vital charts and summaries, alerts, medication adherence, care and clinical records',
        params: idParam,
        querystring: memberReportQuery,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const report = await buildMemberReport(db, request.principal, request.params.id, request.query);
      request.audited = { memberId: report.member.id, recordId: null };
      const pdf = await renderMemberReportPdf(report);
      const day = (s: number) => new Date((s + report.utc_offset * 60) * 1000).toISOString().slice(0, 10);
      const name = `member-${report.member.id}-${day(report.from)}-${day(report.to)}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  r.get(
    '/user/report/:id/data',
    {
      config: { permission: 'GET /user/{id}' },
      schema: {
        tags: ['user'],
        summary: 'Member report data: the sections of the PDF, for the printable page',
        params: idParam,
        querystring: memberReportQuery,
        response: { 200: dataEnvelope(memberReport), ...errorResponses },
      },
    },
    async (request) => {
      const report = await buildMemberReport(db, request.principal, request.params.id, request.query);
      request.audited = { memberId: report.member.id, recordId: null };
      return { data: report };
    },
  );
}
