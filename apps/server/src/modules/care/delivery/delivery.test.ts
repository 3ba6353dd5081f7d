import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DeliveryLineState,
  DeliveryOrderState as S,
  ErrorCode,
  OrgType,
  Role,
  dataEnvelope,
  deliveryOrderDetail,
  deliveryOrderRow,
  nowUnix,
  paginated,
  type DeliveryOrderCreate,
} from '@vigil/contracts';
import { deliveryOrders, medicines, members, orgRelations } from '../../../db/schema/index.ts';
import { createArea, createOrg, createStaff, createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

const t = useTestApp();
let world: World;
let memberA1: number;
let memberA2: number;
let pharmacyArea: number;
let strangerArea: number;
const tokens = { staffA: '', adminA: '', areaA1: '', adminB: '', pharm: '', stranger: '' };

const detailShape = dataEnvelope(deliveryOrderDetail);
const listShape = dataEnvelope(paginated(deliveryOrderRow));

beforeAll(async () => {
  world = await createWorld(t.db);
  const [m1, m2] = await t.db
    .insert(members)
    .values([
      { orgId: world.orgs.careA, areaId: world.areas.areaA1, name: 'T Resident One' },
      { orgId: world.orgs.careA, areaId: world.areas.areaA2, name: 'T Resident Two' },
    ])
    .returning({ id: members.id });
  memberA1 = m1.id;
  memberA2 = m2.id;
  pharmacyArea = await createArea(t.db, world.orgs.pharmacy, 'T Counter');
  // A pharmacy with no relation to care organisation A.
  const stranger = await createOrg(t.db, 'T Other Pharmacy', OrgType.pharmacy);
  strangerArea = await createArea(t.db, stranger, 'T Other Counter');
  await createStaff(t.db, { account: 'tstranger', orgId: stranger, role: Role.pharmacyStaff });
  tokens.staffA = await login(t.app, 'tstaffa');
  tokens.adminA = await login(t.app, 'tadmina');
  tokens.areaA1 = await login(t.app, 'tareaa1');
  tokens.adminB = await login(t.app, 'tadminb');
  tokens.pharm = await login(t.app, 'tpharm');
  tokens.stranger = await login(t.app, 'tstranger');
});

const order = (over: Partial<DeliveryOrderCreate> = {}): DeliveryOrderCreate => ({
  member_id: memberA1,
  pharmacy_area_id: pharmacyArea,
  type: 0,
  requested_date: nowUnix() + 86_400,
  remark: 'Before Friday',
  lines: [
    { medicine_name: 'Metformin 500 mg', quantity: 56, unit: 'tablet' },
    { medicine_name: 'Amlodipine 5 mg', quantity: 28, unit: 'tablet' },
  ],
  ...over,
});

async function submit(over: Partial<DeliveryOrderCreate> = {}) {
  const res = await api(t.app, tokens.staffA).post('/delivery/medicine', order(over));
  expect(res.statusCode, res.body).toBe(200);
  return detailShape.parse(res.json()).data;
}

const move = (token: string, id: number, state: number, note?: string) =>
  api(t.app, token).patch(`/delivery/medicine/state/${id}`, { state, ...(note && { note }) });

async function walkTo(id: number, states: number[]) {
  for (const state of states) {
    const res = await move(tokens.pharm, id, state);
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('/delivery/medicine ordering', () => {
  it('lets care staff order for a member from the related pharmacy: submitted, with its lines and first history row', async () => {
    const created = await submit();
    expect(created).toMatchObject({
      state: S.submitted,
      member_name: 'T Resident One',
      org_id: world.orgs.careA,
      area_id: world.areas.areaA1,
      pharmacy_org_id: world.orgs.pharmacy,
      pharmacy_area_name: 'T Counter',
      line_count: 2,
      created_by_name: 'Test tstaffa',
    });
    expect(created.order_no).toBe(`D${String(created.id).padStart(6, '0')}`);
    expect(created.lines.map((l) => [l.medicine_name, l.quantity, l.state])).toEqual([
      ['Metformin 500 mg', 56, DeliveryLineState.unchecked],
      ['Amlodipine 5 mg', 28, DeliveryLineState.unchecked],
    ]);
    expect(created.history).toMatchObject([{ from_state: null, to_state: S.submitted, side: 'care', staff_name: 'Test tstaffa' }]);
  });

  it('shows the order to the pharmacy it was sent to, and to no other organisation (-7)', async () => {
    const created = await submit();
    const list = listShape.parse((await api(t.app, tokens.pharm).get('/delivery/medicine', { state: S.submitted, per_page: -1 })).json()).data;
    expect(list.list.map((o) => o.id)).toContain(created.id);
    expect((await api(t.app, tokens.pharm).get(`/delivery/medicine/${created.id}`)).statusCode).toBe(200);
    for (const other of [tokens.adminB, tokens.stranger]) {
      const res = await api(t.app, other).get(`/delivery/medicine/${created.id}`);
      expect(res.json().code).toBe(ErrorCode.notFound);
      const theirs = listShape.parse((await api(t.app, other).get('/delivery/medicine', { per_page: -1 })).json()).data;
      expect(theirs.list.map((o) => o.id)).not.toContain(created.id);
    }
    // A pharmacy the home is not related to cannot work the order either, and nothing changes.
    expect((await move(tokens.stranger, created.id, S.receive)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.stranger).put(`/delivery/medicine/reply/${created.id}`, { lines: [{ line_id: created.lines[0].id, reply: 'x' }] })).json().code).toBe(ErrorCode.notFound);
    const [row] = await t.db.select({ state: deliveryOrders.state }).from(deliveryOrders).where(eq(deliveryOrders.id, created.id));
    expect(row.state).toBe(S.submitted);
  });

  it('keeps area admins to their area: a member of another area is -7', async () => {
    const res = await api(t.app, tokens.areaA1).post('/delivery/medicine', order({ member_id: memberA2 }));
    expect(res.json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.adminA).post('/delivery/medicine', order({ member_id: memberA2 }))).statusCode).toBe(200);
  });

  it('refuses a pharmacy not related to the organisation (-7), and one whose relation lost the delivery grant', async () => {
    const unrelated = await api(t.app, tokens.staffA).post('/delivery/medicine', order({ pharmacy_area_id: strangerArea }));
    expect(unrelated.json().code).toBe(ErrorCode.notFound);
    await t.db.update(orgRelations).set({ grants: ['members'] }).where(eq(orgRelations.orgId, world.orgs.careA));
    try {
      const ungranted = await api(t.app, tokens.staffA).post('/delivery/medicine', order());
      expect(ungranted.json().code).toBe(ErrorCode.notFound);
    } finally {
      await t.db.update(orgRelations).set({ grants: ['delivery'] }).where(eq(orgRelations.orgId, world.orgs.careA));
    }
  });

  it('lets only care roles order: a pharmacy role gets -3', async () => {
    const res = await api(t.app, tokens.pharm).post('/delivery/medicine', order());
    expect(res.json().code).toBe(ErrorCode.noPermission);
  });

  it('links a line to the home’s medicine catalogue, and refuses another organisation’s entry (-7)', async () => {
    const [own, theirs] = await t.db
      .insert(medicines)
      .values([
        { orgId: world.orgs.careA, name: 'Metformin 500 mg', form: 0, unit: 'tablet', medicationType: 0 },
        { orgId: world.orgs.careB, name: 'Metformin 500 mg', form: 0, unit: 'tablet', medicationType: 0 },
      ])
      .returning({ id: medicines.id });
    const linked = await submit({ lines: [{ medicine_id: own.id, medicine_name: 'Metformin 500 mg', quantity: 56, unit: 'tablet' }] });
    expect(linked.lines[0]).toMatchObject({ medicine_id: own.id, medicine_name: 'Metformin 500 mg' });
    const foreign = await api(t.app, tokens.staffA).post('/delivery/medicine', order({ lines: [{ medicine_id: theirs.id, medicine_name: 'Metformin 500 mg', quantity: 56, unit: 'tablet' }] }));
    expect(foreign.json().code).toBe(ErrorCode.notFound);
  });

  it('answers a special character with -5 naming the field', async () => {
    const res = await api(t.app, tokens.staffA).post('/delivery/medicine', order({ lines: [{ medicine_name: 'Aspirin (100 mg)', quantity: 1, unit: 'box' }] }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'lines.0.medicine_name' }] });
  });
});

describe('/delivery/medicine state machine', () => {
  it('walks submitted -> receive -> processing -> arranged -> pickup -> finish with the care side checking receipt', async () => {
    const created = await submit();
    await walkTo(created.id, [S.receive, S.processing, S.arranged, S.pickup]);
    const seen = detailShape.parse((await api(t.app, tokens.staffA).get(`/delivery/medicine/${created.id}`)).json()).data;
    expect(seen.state).toBe(S.pickup);
    const receipt = await api(t.app, tokens.staffA).put(`/delivery/medicine/receipt/${created.id}`, {
      lines: seen.lines.map((l) => ({ line_id: l.id, received_quantity: l.quantity })),
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const done = await move(tokens.pharm, created.id, S.finish);
    expect(done.statusCode, done.body).toBe(200);
    const final = detailShape.parse((await api(t.app, tokens.staffA).get(`/delivery/medicine/${created.id}`)).json()).data;
    expect(final.state).toBe(S.finish);
    expect(final.history.map((h) => [h.from_state, h.to_state, h.side])).toEqual([
      [null, S.submitted, 'care'],
      [S.submitted, S.receive, 'pharmacy'],
      [S.receive, S.processing, 'pharmacy'],
      [S.processing, S.arranged, 'pharmacy'],
      [S.arranged, S.pickup, 'pharmacy'],
      [S.pickup, S.finish, 'pharmacy'],
    ]);
  });

  it('answers an illegal transition (finish -> receive) with -8 and leaves the order unchanged', async () => {
    const created = await submit();
    await walkTo(created.id, [S.receive, S.processing, S.arranged, S.pickup]);
    const lines = detailShape.parse((await api(t.app, tokens.staffA).get(`/delivery/medicine/${created.id}`)).json()).data.lines;
    await api(t.app, tokens.staffA).put(`/delivery/medicine/receipt/${created.id}`, { lines: lines.map((l) => ({ line_id: l.id, received_quantity: l.quantity })) });
    await walkTo(created.id, [S.finish]);
    const before = detailShape.parse((await api(t.app, tokens.pharm).get(`/delivery/medicine/${created.id}`)).json()).data;
    const res = await move(tokens.pharm, created.id, S.receive);
    expect(res.json().code).toBe(ErrorCode.processError);
    const after = detailShape.parse((await api(t.app, tokens.pharm).get(`/delivery/medicine/${created.id}`)).json()).data;
    expect(after).toEqual(before);
  });

  it('refuses the other side’s edges: care cannot accept, the pharmacy cannot withdraw', async () => {
    const created = await submit();
    expect((await move(tokens.staffA, created.id, S.receive)).json().code).toBe(ErrorCode.processError);
    expect((await move(tokens.pharm, created.id, S.giveUp, 'not needed')).json().code).toBe(ErrorCode.processError);
    expect((await move(tokens.staffA, created.id, S.giveUp, 'Doctor stopped it')).statusCode).toBe(200);
    expect((await move(tokens.staffA, created.id, S.submitted)).json().code).toBe(ErrorCode.processError);
  });

  it('sends an order back for repair, lets the home amend and resubmit, and freezes it once taken on', async () => {
    const created = await submit();
    expect((await move(tokens.pharm, created.id, S.repairOrSupplement)).json().errors[0].field).toBe('note');
    expect((await move(tokens.pharm, created.id, S.repairOrSupplement, 'Prescription photo missing')).statusCode).toBe(200);
    const amended = await api(t.app, tokens.staffA).patch(`/delivery/medicine/${created.id}`, { photos: ['rx-1.png'], lines: [{ medicine_name: 'Metformin 500 mg', quantity: 28, unit: 'tablet' }] });
    expect(amended.statusCode, amended.body).toBe(200);
    expect(detailShape.parse(amended.json()).data).toMatchObject({ photos: ['rx-1.png'], line_count: 1 });
    expect((await move(tokens.staffA, created.id, S.submitted)).statusCode).toBe(200);
    await walkTo(created.id, [S.receive]);
    const late = await api(t.app, tokens.staffA).patch(`/delivery/medicine/${created.id}`, { remark: 'too late' });
    expect(late.json().code).toBe(ErrorCode.processError);
  });

  it('opens a query on a short delivery, keeps finish closed until the home resolves it', async () => {
    const created = await submit();
    await walkTo(created.id, [S.receive, S.processing, S.arranged, S.pickup]);
    const [metformin, amlodipine] = created.lines;
    const noNote = await api(t.app, tokens.staffA).put(`/delivery/medicine/receipt/${created.id}`, { lines: [{ line_id: metformin.id, received_quantity: 42 }] });
    expect(noNote.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'lines.0.note' }] });
    const short = await api(t.app, tokens.staffA).put(`/delivery/medicine/receipt/${created.id}`, {
      lines: [
        { line_id: metformin.id, received_quantity: 42, note: 'Two strips missing' },
        { line_id: amlodipine.id, received_quantity: 28 },
      ],
    });
    const queried = detailShape.parse(short.json()).data;
    expect(queried.lines.map((l) => l.state)).toEqual([DeliveryLineState.query, DeliveryLineState.received]);
    expect(queried.open_query_count).toBe(1);
    expect((await move(tokens.pharm, created.id, S.finish)).json().code).toBe(ErrorCode.processError);
    expect((await api(t.app, tokens.staffA).put(`/delivery/medicine/reply/${created.id}`, { lines: [{ line_id: metformin.id, reply: 'x' }] })).json().code).toBe(ErrorCode.noPermission);
    const replied = await api(t.app, tokens.pharm).put(`/delivery/medicine/reply/${created.id}`, { lines: [{ line_id: metformin.id, reply: 'The rest follows on Friday' }] });
    expect(detailShape.parse(replied.json()).data.lines[0].reply).toBe('The rest follows on Friday');
    const accepted = await api(t.app, tokens.staffA).put(`/delivery/medicine/receipt/${created.id}`, {
      lines: [{ line_id: metformin.id, received_quantity: 42, note: 'Rest comes Friday', accept: true }],
    });
    expect(detailShape.parse(accepted.json()).data.lines[0].state).toBe(DeliveryLineState.resolved);
    expect((await move(tokens.pharm, created.id, S.finish)).statusCode).toBe(200);
  });

  it('lists for each side the orders waiting for it: new and queried for the pharmacy, sent back and unchecked for the home', async () => {
    const waiting = async (token: string) =>
      listShape.parse((await api(t.app, token).get('/delivery/medicine', { waiting: 1, per_page: -1 })).json()).data.list.map((o) => o.id);
    const fresh = await submit();
    const returned = await submit();
    await move(tokens.pharm, returned.id, S.repairOrSupplement, 'Quantity beyond the prescription');
    const arrived = await submit();
    await walkTo(arrived.id, [S.receive, S.processing, S.arranged, S.pickup]);
    expect(await waiting(tokens.pharm)).toContain(fresh.id);
    expect(await waiting(tokens.pharm)).not.toContain(returned.id);
    expect(await waiting(tokens.pharm)).not.toContain(arrived.id);
    expect(await waiting(tokens.staffA)).toEqual(expect.arrayContaining([returned.id, arrived.id]));
    expect(await waiting(tokens.staffA)).not.toContain(fresh.id);

    // A short line: the query now waits for the pharmacy, and the home has nothing left to check.
    await api(t.app, tokens.staffA).put(`/delivery/medicine/receipt/${arrived.id}`, {
      lines: arrived.lines.map((l, i) => ({ line_id: l.id, received_quantity: i === 0 ? l.quantity - 1 : l.quantity, ...(i === 0 && { note: 'One short' }) })),
    });
    expect(await waiting(tokens.pharm)).toContain(arrived.id);
    expect(await waiting(tokens.staffA)).not.toContain(arrived.id);
  });

  it('refuses a receipt before the bag has left the pharmacy', async () => {
    const created = await submit();
    const res = await api(t.app, tokens.staffA).put(`/delivery/medicine/receipt/${created.id}`, { lines: [{ line_id: created.lines[0].id, received_quantity: 56 }] });
    expect(res.json().code).toBe(ErrorCode.processError);
    const [row] = await t.db.select({ state: deliveryOrders.state }).from(deliveryOrders).where(eq(deliveryOrders.id, created.id));
    expect(row.state).toBe(S.submitted);
  });
});

describe('/delivery/medicine repeat prescriptions', () => {
  it('offers the next order when a finished repeat comes due, creates it in one step, and offers it only once', async () => {
    const created = await submit({ type: 1, repeat_days: 28 });
    await walkTo(created.id, [S.receive, S.processing, S.arranged, S.pickup]);
    await api(t.app, tokens.staffA).put(`/delivery/medicine/receipt/${created.id}`, { lines: created.lines.map((l) => ({ line_id: l.id, received_quantity: l.quantity })) });
    await walkTo(created.id, [S.finish]);
    const due = () => api(t.app, tokens.staffA).get('/delivery/medicine/repeat');
    expect((await due()).json().data.map((d: { order: { id: number } }) => d.order.id)).not.toContain(created.id);
    expect((await api(t.app, tokens.staffA).post(`/delivery/medicine/repeat/${created.id}`)).json().code).toBe(ErrorCode.processError);

    // 26 days later the 28-day prescription is within its three days' lead.
    const requested = new Date(Date.now() - 26 * 86_400_000);
    await t.db.update(deliveryOrders).set({ requestedDate: requested }).where(eq(deliveryOrders.id, created.id));
    const offers = (await due()).json().data as { order: { id: number }; next_date: number }[];
    const offer = offers.find((d) => d.order.id === created.id);
    expect(offer?.next_date).toBe(Math.floor(requested.getTime() / 1000) + 28 * 86_400);

    expect((await api(t.app, tokens.pharm).post(`/delivery/medicine/repeat/${created.id}`)).json().code).toBe(ErrorCode.noPermission);
    const next = detailShape.parse((await api(t.app, tokens.staffA).post(`/delivery/medicine/repeat/${created.id}`)).json()).data;
    expect(next).toMatchObject({ state: S.submitted, type: 1, repeat_days: 28, previous_id: created.id, member_id: memberA1, line_count: 2 });
    expect(next.lines.map((l) => l.medicine_name)).toEqual(created.lines.map((l) => l.medicine_name));
    expect((await due()).json().data.map((d: { order: { id: number } }) => d.order.id)).not.toContain(created.id);
    expect((await api(t.app, tokens.staffA).post(`/delivery/medicine/repeat/${created.id}`)).json().code).toBe(ErrorCode.processError);
  });
});

describe('/file/delivery-medicine', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 2)]);
  const upload = (token: string, bytes: Buffer) => {
    const boundary = '----vigildelivery' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rx.png"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/file/delivery-medicine',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('stores a prescription photo under a random name and serves it to the home and the pharmacy of its order only', async () => {
    const res = await upload(tokens.staffA, PNG);
    expect(res.statusCode, res.body).toBe(200);
    const name: string = res.json().data.name;
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
    // Not yet named by any order: nobody is served it.
    expect((await api(t.app, tokens.staffA).get(`/file/delivery-medicine/${name}`)).json().code).toBe(ErrorCode.notFound);
    const created = await submit({ photos: [name] });
    for (const token of [tokens.staffA, tokens.pharm]) {
      const got = await api(t.app, token).get(`/file/delivery-medicine/${name}`, { record_id: created.id });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
    }
    for (const token of [tokens.adminB, tokens.stranger]) {
      expect((await api(t.app, token).get(`/file/delivery-medicine/${name}`)).json().code).toBe(ErrorCode.notFound);
    }
    expect((await upload(tokens.pharm, PNG)).json().code).toBe(ErrorCode.noPermission);
    expect((await upload(tokens.staffA, Buffer.from('<?php echo 1; ?>'))).json().code).toBe(ErrorCode.validationFailed);
  });
});
