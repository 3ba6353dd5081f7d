import { eq } from 'drizzle-orm';
import {
  HandleState,
  PAIN_REASSESS_MINUTES,
  type PainTool,
  careSymptomCreate,
  careSymptomListQuery,
  careSymptomRow,
  careSymptomUpdate,
  checkSymptom,
  fromUnix,
  painAlerts,
  symptomScore,
  symptomSite,
} from '@vigil/contracts';
import { careSymptoms } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { areaName, memberName, staffName } from '../../resources/names.ts';
import { time, timeOrNull } from '../../resources/wire.ts';
import { assertCheck, careScope, placeOnMember } from '../care-common/record.ts';
import { raisePainAlerts } from './pain.ts';

const t = careSymptoms;
const orNull = <T>(v: T | null | undefined): T | null => v ?? null;

/**
 * The score, the reassessment and the handle state follow from the sites: a score above 3 asks
 * for a reassessment within the hour (not processed until it is recorded); anything else needs none.
 */
function derived(body: { tool: PainTool; painad?: Parameters<typeof symptomScore>[0]['painad']; sites: Parameters<typeof symptomScore>[0]['sites'] }, assessedAt: Date) {
  const score = symptomScore(body);
  const due = painAlerts(score);
  return {
    score,
    reassessAt: due ? new Date(assessedAt.getTime() + PAIN_REASSESS_MINUTES * 60_000) : null,
    state: due ? HandleState.notProcessed : HandleState.processed,
  };
}

/** /care/symptom: pain, wounds and pressure injuries on a body map (docs/care.md "Care records II"). */
export const careSymptomRoutes = defineResource({
  path: '/care/symptom',
  table: t,
  rowSchema: careSymptomRow,
  wire: {
    id: t.id,
    org_id: t.orgId,
    area_id: t.areaId,
    area_name: areaName(t.areaId),
    member_id: t.memberId,
    member_name: memberName(t.memberId),
    assessed_at: time(t.assessedAt),
    tool: t.tool,
    painad: t.painad,
    sites: t.sites,
    score: t.score,
    onset_at: timeOrNull(t.onsetAt),
    notes: t.notes,
    photos: t.photos,
    reassess_at: timeOrNull(t.reassessAt),
    state: t.state,
    abnormal_id: t.abnormalId,
    assessor_id: t.assessorId,
    assessor_name: staffName(t.assessorId),
    created_at: time(t.createdAt),
    updated_at: time(t.updatedAt),
  },
  createSchema: careSymptomCreate,
  updateSchema: careSymptomUpdate,
  listQuery: careSymptomListQuery,
  scope: careScope(t),
  toInsert: (body, placement) => {
    const assessedAt = fromUnix(body.assessed_at);
    return {
      orgId: placement.orgId,
      areaId: placement.areaId,
      memberId: body.member_id,
      assessedAt,
      tool: body.tool,
      painad: orNull(body.painad),
      sites: body.sites,
      onsetAt: body.onset_at == null ? null : fromUnix(body.onset_at),
      notes: orNull(body.notes),
      photos: body.photos ?? [],
      ...derived(body, assessedAt),
    };
  },
  toUpdate: (body) => ({
    ...(body.assessed_at !== undefined && { assessedAt: fromUnix(body.assessed_at) }),
    ...(body.tool !== undefined && { tool: body.tool }),
    ...(body.painad !== undefined && { painad: orNull(body.painad) }),
    ...(body.sites !== undefined && { sites: body.sites }),
    ...(body.onset_at !== undefined && { onsetAt: body.onset_at === null ? null : fromUnix(body.onset_at) }),
    ...(body.notes !== undefined && { notes: orNull(body.notes) }),
    ...(body.photos !== undefined && { photos: body.photos }),
  }),
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (action === 'create') return { ...values, assessorId: principal.staffId, ...(await placeOnMember(tx, principal, values.memberId!)) };
    if (action !== 'update' || !before) return values;
    const merged = {
      tool: (values.tool ?? before.tool) as PainTool,
      painad: values.painad !== undefined ? values.painad : before.painad,
      sites: (values.sites ?? before.sites).map((s) => symptomSite.parse(s)),
    };
    assertCheck(checkSymptom, merged);
    const next = derived(merged, values.assessedAt ?? fromUnix(before.assessed_at));
    // A score corrected above 3 asks for a reassessment; one corrected to 3 or less no longer
    // does unless it was already recorded; a recorded reassessment is never undone.
    const asksNow = next.reassessAt !== null && before.reassess_at === null;
    const dropsDue = next.reassessAt === null && before.state === HandleState.notProcessed;
    return {
      ...values,
      score: next.score,
      ...(asksNow && { reassessAt: next.reassessAt, state: HandleState.notProcessed }),
      ...(dropsDue && { reassessAt: null, state: HandleState.processed }),
    };
  },
  afterCommit: async ({ app, after }) => {
    if (after && painAlerts(after.score)) await raisePainAlerts(app.database.db, app.alerts, new Date());
  },
  search: { keyword: [t.notes] },
  filters: {
    user_id: (v) => eq(t.memberId, v),
    state: (v) => eq(t.state, v),
  },
  dateColumn: t.assessedAt,
  history: { member: 'member_id' },
});
