import { eq } from 'drizzle-orm';
import {
  type Appetite,
  type EatenPortion,
  HandleState,
  careDietCreate,
  careDietListQuery,
  careDietRow,
  careDietUpdate,
  dietNeedsFollowUp,
  fromUnix,
} from '@vigil/contracts';
import { careDiets } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { areaName, memberName } from '../../resources/names.ts';
import { time } from '../../resources/wire.ts';
import { careScope, placeOnMember } from '../care-common/record.ts';

const t = careDiets;
const stateOf = (b: { eaten: EatenPortion; appetite: Appetite }) => (dietNeedsFollowUp(b) ? HandleState.notProcessed : HandleState.processed);

/** /care/diet: a member's meals, served and eaten; a poor meal is due for follow-up (docs/care.md "Care records II"). */
export const careDietRoutes = defineResource({
  path: '/care/diet',
  table: t,
  rowSchema: careDietRow,
  wire: {
    id: t.id,
    org_id: t.orgId,
    area_id: t.areaId,
    area_name: areaName(t.areaId),
    member_id: t.memberId,
    member_name: memberName(t.memberId),
    meal: t.meal,
    meal_at: time(t.mealAt),
    texture: t.texture,
    served: t.served,
    eaten: t.eaten,
    fluid_ml: t.fluidMl,
    appetite: t.appetite,
    photos: t.photos,
    remark: t.remark,
    state: t.state,
    created_at: time(t.createdAt),
    updated_at: time(t.updatedAt),
  },
  createSchema: careDietCreate,
  updateSchema: careDietUpdate,
  listQuery: careDietListQuery,
  scope: careScope(t),
  toInsert: (body, placement) => ({
    orgId: placement.orgId,
    areaId: placement.areaId,
    memberId: body.member_id,
    meal: body.meal,
    mealAt: fromUnix(body.meal_at),
    texture: body.texture,
    served: body.served,
    eaten: body.eaten,
    fluidMl: body.fluid_ml,
    appetite: body.appetite,
    photos: body.photos ?? [],
    remark: body.remark ?? null,
    state: stateOf(body),
  }),
  toUpdate: (body) => ({
    ...(body.meal !== undefined && { meal: body.meal }),
    ...(body.meal_at !== undefined && { mealAt: fromUnix(body.meal_at) }),
    ...(body.texture !== undefined && { texture: body.texture }),
    ...(body.served !== undefined && { served: body.served }),
    ...(body.eaten !== undefined && { eaten: body.eaten }),
    ...(body.fluid_ml !== undefined && { fluidMl: body.fluid_ml }),
    ...(body.appetite !== undefined && { appetite: body.appetite }),
    ...(body.photos !== undefined && { photos: body.photos }),
    ...(body.remark !== undefined && { remark: body.remark ?? null }),
  }),
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (action === 'create') return { ...values, ...(await placeOnMember(tx, principal, values.memberId!)) };
    if (action !== 'update' || !before || before.state === HandleState.processed) return values;
    // A corrected portion or appetite may make a meal no longer due (never undoes a follow-up).
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
