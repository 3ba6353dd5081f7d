import { eq } from 'drizzle-orm';
import {
  HandleState,
  PAIN_REASSESS_MINUTES,
  type PainTool,
  careSymptomResource,
  checkSymptom,
  fromUnix,
  painAlerts,
  symptomScore,
  symptomSite,
} from '@vigil/contracts';
import { careSymptoms } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { staffName } from '../../../resources/names.ts';
import { assertCheck, careScope, placeOnMember, memberRecordWire } from '../care-common/record.ts';
import { raisePainAlerts } from './pain.ts';

const t = careSymptoms;

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
  resource: careSymptomResource,
  table: t,
  wire: {
    ...memberRecordWire(t),
    assessor_name: staffName(t.assessorId),
  },
  scope: careScope(t),
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (action === 'create') {
      const scored = derived({ tool: values.tool as PainTool, painad: values.painad, sites: values.sites! }, values.assessedAt!);
      return { ...values, ...scored, assessorId: principal.staffId, ...(await placeOnMember(tx, principal, values.memberId!)) };
    }
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
