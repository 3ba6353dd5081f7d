import { describe, expect, it } from 'vitest';
import { DoseNotGivenReason, DoseOutcome, MedicationFrequency as F, ScheduleRepeat } from '../../enums/index.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import {
  careDueQuery,
  careHealthCreate,
  carePackageCreate,
  carePackageUpdate,
  careScheduleCreate,
  handlePackageMedicineRequest,
} from './index.ts';

/** The fields and messages a failed parse reports, as the server turns them into -5. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((i) => [i.path.join('.'), i.message]);
}

const health = {
  member_id: 1,
  type: 1,
  educate_at: 1_790_000_000,
  topic: 'Fall prevention',
  content: 'Stand up slowly, call for help at night',
  recipient: 0,
  method: 1,
  understanding: 1,
  educator_id: 3,
};

const pkg = {
  member_id: 1,
  medicine_id: 2,
  medication_type: 0,
  prescription_type: 1,
  frequency: F.bid,
  dose: 0.5,
  route: 0,
  daily_times: [480, 1200],
  start_date: 1_790_000_000,
};

describe('care record schemas', () => {
  it('names the text field that holds a special character', () => {
    expect(issues(careHealthCreate.safeParse({ ...health, topic: 'Falls <night>' }))).toEqual([
      ['topic', ValidationMessage.specialChars],
    ]);
  });

  it('refuses a field the resource does not have', () => {
    expect(careHealthCreate.safeParse({ ...health, org_secret: 1 }).success).toBe(false);
  });

  it('takes a regimen whose daily times match its frequency', () => {
    expect(carePackageCreate.safeParse(pkg).success).toBe(true);
  });

  it.each([
    ['TID with two times', { frequency: F.tid }, 'daily_times'],
    ['times out of order', { daily_times: [1200, 480] }, 'daily_times'],
    ['a time past midnight', { daily_times: [480, 1440] }, 'daily_times.1'],
    ['BIW without its two weekdays', { frequency: F.biw, daily_times: [480], weekdays: [1] }, 'weekdays'],
    ['PRN without its limits', { frequency: F.prn, daily_times: [] }, 'prn_min_interval_minutes'],
    ['PRN limits on a scheduled medicine', { prn_max_per_24h: 3 }, 'prn_max_per_24h'],
    ['a third of a tablet', { dose: 0.33 }, 'dose'],
    ['an end before the start', { end_date: 1_780_000_000 }, 'end_date'],
  ])('refuses %s', (_name, change, field) => {
    expect(issues(carePackageCreate.safeParse({ ...pkg, ...change })).map(([f]) => f)).toContain(field);
  });

  it('leaves the merged regimen check of a partial update to the server', () => {
    expect(carePackageUpdate.partial().safeParse({ frequency: F.tid }).success).toBe(true);
  });

  it('asks a weekly schedule for its weekdays and refuses them on a daily one', () => {
    const schedule = { member_id: 1, service: 0, title: 'Shower', start_date: 1_790_000_000, time_of_day: 600, duration_minutes: 30 };
    expect(issues(careScheduleCreate.safeParse({ ...schedule, repeat: ScheduleRepeat.weekly }))).toEqual([
      ['weekdays', ValidationMessage.required],
    ]);
    expect(issues(careScheduleCreate.safeParse({ ...schedule, repeat: ScheduleRepeat.daily, weekdays: [1] }))).toEqual([
      ['weekdays', ValidationMessage.invalidInput],
    ]);
  });
});

describe('dose handling request', () => {
  const given = { dose_id: 5, outcome: DoseOutcome.given, content: 'Taken with water' };
  it('records a given dose', () => {
    expect(handlePackageMedicineRequest.safeParse(given).success).toBe(true);
  });
  it('asks a not-given dose for its reason, and "other" for a text', () => {
    expect(issues(handlePackageMedicineRequest.safeParse({ ...given, outcome: DoseOutcome.notGiven }))).toEqual([
      ['reason', ValidationMessage.required],
    ]);
    expect(
      issues(handlePackageMedicineRequest.safeParse({ ...given, outcome: DoseOutcome.notGiven, reason: DoseNotGivenReason.other })),
    ).toEqual([['reason_text', ValidationMessage.required]]);
  });
  it('names exactly one of the scheduled dose or the PRN package', () => {
    expect(issues(handlePackageMedicineRequest.safeParse({ ...given, package_id: 3 }))).toEqual([
      ['dose_id', ValidationMessage.required],
    ]);
  });
});

describe('due list query', () => {
  it('lists oldest due first by default and refuses a state other than 0 or 1', () => {
    expect(careDueQuery.parse({})).toMatchObject({ order_by: 'due_at', order: 'asc' });
    expect(careDueQuery.safeParse({ state: '2' }).success).toBe(false);
  });
});
