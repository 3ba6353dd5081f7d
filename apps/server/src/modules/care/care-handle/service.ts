import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  BalanceMovementKind,
  CareHandleKind,
  ControlledLevel,
  DoseOutcome,
  HandleState,
  MedicationFrequency,
  ValidationMessage,
  applyBalance,
  checkPrnDose,
  fromUnix,
  prnEffectDueAt,
  toUnix,
  type DoseEffectRequest,
  type DoseEnteredInErrorRequest,
  type DoseHandleRow,
  type HandleFollowRequest,
  type HandleHealthRequest,
  type HandlePackageMedicineRequest,
  type HandleScheduleRequest,
  type HandleDietRequest,
  type HandleEcgRequest,
  type HandleMedicalRecordRequest,
  type HandleSymptomRequest,
  type PackageStockRequest,
} from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import {
  careBalanceLedger,
  careBalances,
  careEducations,
  careFollowUps,
  careHandles,
  carePackageDoses,
  carePackages,
  careScheduleOccurrences,
  careDiets,
  careSymptoms,
  medicalRecords,
  medicines,
  readings,
  staff,
} from '../../../db/schema/index.ts';
import { readingKindCode } from '../../../ingest/kinds.ts';
import type { Principal } from '../../../auth/principal.ts';
import { isOperator, scopeCondition } from '../../../auth/scope.ts';
import { verifyPassword } from '../../../auth/password.ts';
import { forbidden, invalid, notFound, processError } from '../../../http/errors.ts';
import { careScope } from '../care-common/record.ts';
import { careHealthRoutes } from '../care-health/routes.ts';
import { careFollowUpRoutes } from '../care-follow-up/routes.ts';
import { careSymptomRoutes } from '../care-symptom/routes.ts';
import { careDietRoutes } from '../care-diet/routes.ts';
import { medicalRecordRoutes } from '../../clinical/medical-record/routes.ts';
import { loadHandle } from './handles.ts';

/** A dose may be recorded a little ahead of the server's clock (a phone's clock runs fast), no more. */
const CLOCK_SKEW_SECONDS = 60;

type Placed = { id: number; orgId: number; areaId: number | null; memberId: number };

/**
 * An item to handle, locked for the handle's transaction: in the caller's scope (else -7) and of
 * the caller's own organisation (a relation that shares members reads their care, it does not
 * record it: -3).
 */
async function lockItem(tx: Tx, p: Principal, table: PgTable & { id: AnyPgColumn; orgId: AnyPgColumn; areaId: AnyPgColumn; memberId: AnyPgColumn }, id: number): Promise<Placed> {
  const [row] = (await tx
    .select({ id: table.id, orgId: table.orgId, areaId: table.areaId, memberId: table.memberId })
    .from(table)
    .where(and(eq(table.id, id), scopeCondition(p, careScope(table))))
    .for('update')) as Placed[];
  if (!row) throw notFound();
  if (!isOperator(p) && row.orgId !== p.orgId) throw forbidden();
  return row;
}

async function insertHandle(
  tx: Tx,
  p: Principal,
  kind: CareHandleKind,
  item: Placed,
  values: Partial<typeof careHandles.$inferInsert> & { content: string },
): Promise<number> {
  const [row] = await tx
    .insert(careHandles)
    .values({ kind, itemId: item.id, orgId: item.orgId, memberId: item.memberId, staffId: p.staffId, state: HandleState.processed, ...values })
    .returning({ id: careHandles.id });
  return row!.id;
}

/** POST /handle/health: the teach-back of an education, with the understanding it showed. */
export function handleHealth(db: Db, p: Principal, body: HandleHealthRequest): Promise<DoseHandleRow> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, p, careEducations, body.record_id);
    const id = await insertHandle(tx, p, CareHandleKind.health, item, { content: body.content, remark: body.remark ?? null });
    await careHealthRoutes.writes.update(tx, p, item.id, { state: HandleState.processed, understanding: body.understanding });
    return loadHandle(tx, id);
  });
}

/** POST /handle/follow: the visit's outcome, written to the record's result too. */
export function handleFollow(db: Db, p: Principal, body: HandleFollowRequest): Promise<DoseHandleRow> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, p, careFollowUps, body.record_id);
    const id = await insertHandle(tx, p, CareHandleKind.follow, item, { content: body.content, remark: body.remark ?? null });
    await careFollowUpRoutes.writes.update(tx, p, item.id, {
      state: HandleState.processed,
      result: body.content,
      ...(body.next_appointment_at !== undefined && {
        nextAppointmentAt: body.next_appointment_at === null ? null : fromUnix(body.next_appointment_at),
      }),
    });
    return loadHandle(tx, id);
  });
}

/** POST /handle/schedule: one occurrence done, or not done (the content says why). */
export function handleSchedule(db: Db, p: Principal, body: HandleScheduleRequest): Promise<DoseHandleRow> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, p, careScheduleOccurrences, body.occurrence_id);
    const id = await insertHandle(tx, p, CareHandleKind.schedule, item, { content: body.content, remark: body.remark ?? null });
    await tx
      .update(careScheduleOccurrences)
      .set({ state: HandleState.processed, done: body.done })
      .where(eq(careScheduleOccurrences.id, item.id));
    return loadHandle(tx, id);
  });
}

/** POST /handle/symptiom: the pain reassessment, with the score it found (docs/care.md "Care records II"). */
export function handleSymptom(db: Db, p: Principal, body: HandleSymptomRequest): Promise<DoseHandleRow> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, p, careSymptoms, body.record_id);
    const id = await insertHandle(tx, p, CareHandleKind.symptom, item, { content: body.content, remark: body.remark ?? null, score: body.score });
    await careSymptomRoutes.writes.update(tx, p, item.id, { state: HandleState.processed });
    return loadHandle(tx, id);
  });
}

/** POST /handle/diet: what was done about a meal poorly eaten. */
export function handleDiet(db: Db, p: Principal, body: HandleDietRequest): Promise<DoseHandleRow> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, p, careDiets, body.record_id);
    const id = await insertHandle(tx, p, CareHandleKind.diet, item, { content: body.content, remark: body.remark ?? null });
    await careDietRoutes.writes.update(tx, p, item.id, { state: HandleState.processed });
    return loadHandle(tx, id);
  });
}

/** POST /handle/medical-record: the record reviewed, its medications reconciled. */
export function handleMedicalRecord(db: Db, p: Principal, body: HandleMedicalRecordRequest): Promise<DoseHandleRow> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, p, medicalRecords, body.record_id);
    const id = await insertHandle(tx, p, CareHandleKind.medicalRecord, item, { content: body.content, remark: body.remark ?? null });
    await medicalRecordRoutes.writes.update(tx, p, item.id, { state: HandleState.processed });
    return loadHandle(tx, id);
  });
}

/**
 * POST /handle/ecg: an ECG reading read and handled. The reading is device data and stays as it
 * came; its state is whether a handle reads it. Only an ECG reading of a member is handled (-7).
 */
export function handleEcg(db: Db, p: Principal, body: HandleEcgRequest): Promise<DoseHandleRow> {
  return db.transaction(async (tx) => {
    const [reading] = await tx
      .select({ id: readings.id })
      .from(readings)
      .where(and(eq(readings.id, body.record_id), eq(readings.kind, readingKindCode.ecg), sql`${readings.memberId} is not null`));
    if (!reading) throw notFound();
    const item = await lockItem(tx, p, readings as unknown as Parameters<typeof lockItem>[2], body.record_id);
    const id = await insertHandle(tx, p, CareHandleKind.ecg, item, {
      content: body.content,
      remark: body.remark ?? null,
      attachments: body.attachments ?? [],
    });
    return loadHandle(tx, id);
  });
}

/**
 * The witness of a controlled medicine signs in the same form: an enabled staff member of the
 * record's organisation, not the one giving it, whose password is right. Anything else is one -5
 * on the account, so the form does not tell which part failed.
 */
async function verifyWitness(tx: Tx, p: Principal, orgId: number, account: string | undefined, password: string | undefined): Promise<number> {
  const refuse = invalid([{ field: 'witness_account', message: ValidationMessage.witnessInvalid }]);
  if (!account || !password) throw refuse;
  const [witness] = await tx
    .select({ id: staff.id, orgId: staff.orgId, enabled: staff.enabled, passwordHash: staff.passwordHash })
    .from(staff)
    .where(sql`lower(${staff.account}) = lower(${account})`);
  if (!witness || !witness.enabled || witness.orgId !== orgId || witness.id === p.staffId) throw refuse;
  if (!(await verifyPassword(witness.passwordHash, password))) throw refuse;
  return witness.id;
}

type Movement = {
  orgId: number;
  memberId: number;
  medicineId: number;
  packageId: number;
  handleId: number | null;
  kind: BalanceMovementKind;
  delta: number;
  staffId: number;
  witnessId: number | null;
  remark: string | null;
};

/**
 * Moves a member's controlled balance under a row lock, so two doses recorded at once both count.
 * A balance that would go below zero is -8: the count is wrong and must be checked first.
 */
async function moveBalance(tx: Tx, m: Movement): Promise<void> {
  await tx.insert(careBalances).values({ orgId: m.orgId, memberId: m.memberId, medicineId: m.medicineId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(careBalances)
    .where(and(eq(careBalances.memberId, m.memberId), eq(careBalances.medicineId, m.medicineId)))
    .for('update');
  const verdict = applyBalance(row!.balance, { delta: m.delta });
  if (!verdict.ok) throw processError(`The balance (${row!.balance}) is ${verdict.shortBy} short: count the stock before recording`);
  await tx.update(careBalances).set({ balance: verdict.balance }).where(eq(careBalances.id, row!.id));
  await tx.insert(careBalanceLedger).values({
    balanceId: row!.id,
    packageId: m.packageId,
    handleId: m.handleId,
    kind: m.kind,
    delta: m.delta,
    balance: verdict.balance,
    staffId: m.staffId,
    witnessId: m.witnessId,
    remark: m.remark,
  });
}

async function packageOf(tx: Tx, packageId: number) {
  const [row] = await tx
    .select({ pkg: carePackages, controlledLevel: medicines.controlledLevel })
    .from(carePackages)
    .innerJoin(medicines, eq(medicines.id, carePackages.medicineId))
    .where(eq(carePackages.id, packageId));
  return row!;
}

/**
 * POST /handle/package-medicine (docs/care.md "Doses and their administration"): a scheduled dose
 * or an as-needed one, given or not given with its reason; PRN limits and the controlled
 * medicine's witness and balance enforced. `now` is the server's clock (tests pass their own).
 */
export function handleDose(db: Db, p: Principal, body: HandlePackageMedicineRequest, now: Date): Promise<DoseHandleRow> {
  return db.transaction(async (tx) => {
    let dose: Placed & { packageId: number };
    if (body.dose_id !== undefined) {
      const item = await lockItem(tx, p, carePackageDoses, body.dose_id);
      const [row] = await tx.select().from(carePackageDoses).where(eq(carePackageDoses.id, item.id));
      if (row!.state === HandleState.processed) throw processError('This dose is already recorded; mark that entry in error to record it again');
      dose = { ...item, packageId: row!.packageId };
    } else {
      const item = await lockItem(tx, p, carePackages, body.package_id!);
      dose = { ...item, id: 0, packageId: item.id };
    }
    const { pkg, controlledLevel } = await packageOf(tx, dose.packageId);
    const prn = pkg.frequency === MedicationFrequency.prn;
    if (body.package_id !== undefined && (!prn || !pkg.enabled)) {
      throw invalid([{ field: 'package_id', message: ValidationMessage.invalidOption }]);
    }
    const nowSeconds = toUnix(now);
    const givenAt = body.given_at ?? nowSeconds;
    if (givenAt > nowSeconds + CLOCK_SKEW_SECONDS) throw invalid([{ field: 'given_at', message: ValidationMessage.futureTime }]);
    const given = body.outcome === DoseOutcome.given;
    const amount = given ? (body.amount ?? pkg.dose) : null;

    if (given && prn) {
      const previous = await tx
        .select({ givenAt: careHandles.givenAt })
        .from(careHandles)
        .innerJoin(carePackageDoses, eq(carePackageDoses.id, careHandles.itemId))
        .where(
          and(
            eq(careHandles.kind, CareHandleKind.packageMedicine),
            eq(carePackageDoses.packageId, pkg.id),
            eq(careHandles.outcome, DoseOutcome.given),
            eq(careHandles.enteredInError, false),
          ),
        );
      const verdict = checkPrnDose(
        givenAt,
        previous.flatMap((r) => (r.givenAt ? [toUnix(r.givenAt)] : [])),
        { minIntervalMinutes: pkg.prnMinIntervalMinutes!, maxPer24h: pkg.prnMaxPer24h! },
      );
      if (!verdict.ok && !body.override_reason?.trim()) {
        const message = verdict.reason === 'interval' ? ValidationMessage.prnTooSoon : ValidationMessage.prnMaxReached;
        throw invalid([{ field: 'override_reason', message }]);
      }
    }
    const controlled = controlledLevel > ControlledLevel.none && given;
    const witnessId = controlled ? await verifyWitness(tx, p, dose.orgId, body.witness_account, body.witness_password) : null;

    if (prn) {
      const [created] = await tx
        .insert(carePackageDoses)
        .values({ packageId: pkg.id, orgId: dose.orgId, areaId: dose.areaId, memberId: dose.memberId, scheduledAt: null, state: HandleState.processed })
        .returning({ id: carePackageDoses.id });
      dose = { ...dose, id: created!.id };
    } else {
      await tx.update(carePackageDoses).set({ state: HandleState.processed }).where(eq(carePackageDoses.id, dose.id));
    }
    const handleId = await insertHandle(tx, p, CareHandleKind.packageMedicine, dose, {
      content: body.content,
      remark: body.remark ?? null,
      outcome: body.outcome,
      reason: given ? null : (body.reason ?? null),
      reasonText: given ? null : (body.reason_text ?? null),
      givenAt: given ? fromUnix(givenAt) : null,
      amount,
      witnessId,
      overrideReason: body.override_reason?.trim() ? body.override_reason : null,
      effectDueAt: given && prn ? fromUnix(prnEffectDueAt(givenAt)) : null,
    });
    if (controlled) {
      await moveBalance(tx, {
        orgId: dose.orgId,
        memberId: dose.memberId,
        medicineId: pkg.medicineId,
        packageId: pkg.id,
        handleId,
        kind: BalanceMovementKind.given,
        delta: -amount!,
        staffId: p.staffId,
        witnessId,
        remark: null,
      });
    }
    return loadHandle(tx, handleId);
  });
}

/** A dose handle in the caller's scope and organisation, locked, with its dose. */
async function lockDoseHandle(tx: Tx, p: Principal, handleId: number) {
  const [handle] = await tx
    .select()
    .from(careHandles)
    .where(and(eq(careHandles.id, handleId), eq(careHandles.kind, CareHandleKind.packageMedicine)))
    .for('update');
  if (!handle) throw notFound();
  await lockItem(tx, p, carePackageDoses, handle.itemId);
  const [dose] = await tx.select().from(carePackageDoses).where(eq(carePackageDoses.id, handle.itemId));
  return { handle, dose: dose! };
}

/**
 * PATCH /handle/package-medicine/error/{id}: FHIR entered-in-error. The entry is kept and marked;
 * the dose is open again unless another entry still stands; a controlled dose goes back into the
 * balance as a correction.
 */
export function markDoseInError(db: Db, p: Principal, handleId: number, body: DoseEnteredInErrorRequest): Promise<DoseHandleRow> {
  return db.transaction(async (tx) => {
    const { handle, dose } = await lockDoseHandle(tx, p, handleId);
    if (handle.enteredInError) throw processError('This entry is already marked entered in error');
    await tx
      .update(careHandles)
      .set({ enteredInError: true, errorReason: body.error_reason, errorBy: p.staffId, errorAt: new Date() })
      .where(eq(careHandles.id, handle.id));
    const [standing] = await tx
      .select({ id: careHandles.id })
      .from(careHandles)
      .where(and(eq(careHandles.kind, CareHandleKind.packageMedicine), eq(careHandles.itemId, dose.id), eq(careHandles.enteredInError, false)));
    if (!standing) await tx.update(carePackageDoses).set({ state: HandleState.notProcessed }).where(eq(carePackageDoses.id, dose.id));
    const { pkg, controlledLevel } = await packageOf(tx, dose.packageId);
    if (controlledLevel > ControlledLevel.none && handle.outcome === DoseOutcome.given && handle.amount) {
      await moveBalance(tx, {
        orgId: dose.orgId,
        memberId: dose.memberId,
        medicineId: pkg.medicineId,
        packageId: pkg.id,
        handleId: handle.id,
        kind: BalanceMovementKind.correction,
        delta: handle.amount,
        staffId: p.staffId,
        witnessId: null,
        remark: body.error_reason,
      });
    }
    return loadHandle(tx, handle.id);
  });
}

/** PATCH /handle/package-medicine/effect/{id}: how an as-needed dose worked, an hour after. */
export function recordDoseEffect(db: Db, p: Principal, handleId: number, body: DoseEffectRequest): Promise<DoseHandleRow> {
  return db.transaction(async (tx) => {
    const { handle } = await lockDoseHandle(tx, p, handleId);
    if (handle.enteredInError || handle.effectDueAt === null) throw processError('Only a standing as-needed dose has an effect to record');
    await tx
      .update(careHandles)
      .set({ effect: body.effect, effectAt: new Date(), ...(body.remark !== undefined && { remark: body.remark ?? null }) })
      .where(eq(careHandles.id, handle.id));
    return loadHandle(tx, handle.id);
  });
}

/** POST /care/package/stock/{id}: controlled medicine received for (or wasted from) the member, witnessed. */
export function moveStock(db: Db, p: Principal, packageId: number, body: PackageStockRequest): Promise<{ balance: number }> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, p, carePackages, packageId);
    const { pkg, controlledLevel } = await packageOf(tx, item.id);
    if (controlledLevel === ControlledLevel.none) throw processError('Only a controlled medicine keeps a balance');
    const witnessId = await verifyWitness(tx, p, item.orgId, body.witness_account, body.witness_password);
    await moveBalance(tx, {
      orgId: item.orgId,
      memberId: item.memberId,
      medicineId: pkg.medicineId,
      packageId: pkg.id,
      handleId: null,
      kind: body.kind,
      delta: body.kind === BalanceMovementKind.receipt ? body.quantity : -body.quantity,
      staffId: p.staffId,
      witnessId,
      remark: body.remark ?? null,
    });
    const [row] = await tx
      .select({ balance: careBalances.balance })
      .from(careBalances)
      .where(and(eq(careBalances.memberId, item.memberId), eq(careBalances.medicineId, pkg.medicineId)));
    return { balance: row!.balance };
  });
}
