import { eq } from 'drizzle-orm';
import { type Appetite, type EatenPortion, HandleState, careDietResource, dietNeedsFollowUp } from '@vigil/contracts';
import { careDiets } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { careScope, placeOnMember, memberRecordWire } from '../care-common/record.ts';

const t = careDiets;
const stateOf = (b: { eaten: EatenPortion; appetite: Appetite }) => (dietNeedsFollowUp(b) ? HandleState.notProcessed : HandleState.processed);

/** /care/diet: a member's meals, served and eaten; a poor meal is due for follow-up (docs/care.md "Care records II"). */
export const careDietRoutes = defineResource({
  resource: careDietResource,
  table: t,
  wire: memberRecordWire(t),
  scope: careScope(t),
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (action === 'create') {
      const state = stateOf({ eaten: values.eaten as EatenPortion, appetite: values.appetite as Appetite });
      return { ...values, state, ...(await placeOnMember(tx, principal, values.memberId!)) };
    }
    if (action !== 'update' || !before || before.state === HandleState.processed) return values;
    // A corrected portion or appetite may make a meal no longer due (never undoes a follow-up);
    // a write that names neither (the follow-up's handle setting the state) keeps its state.
    if (values.eaten === undefined && values.appetite === undefined) return values;
    const eaten = (values.eaten ?? before.eaten) as EatenPortion;
    const appetite = (values.appetite ?? before.appetite) as Appetite;
    return { ...values, state: stateOf({ eaten, appetite }) };
  },
  search: { keyword: [t.served, t.remark] },
  filters: {
    user_id: (v) => eq(t.memberId, v),
    type: (v) => eq(t.meal, v),
    state: (v) => eq(t.state, v),
  },
  dateColumn: t.mealAt,
  history: { member: 'member_id' },
});
