import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Gender, MedicalState, genderSchema, medicalStateSchema } from '@vigil/contracts';
import { textsOf } from '../../texts.ts';
import { rowColumns } from './columns.ts';

describe('the default export columns of a kit resource', () => {
  it("show a coded field's label in the user's language, not its code", () => {
    const row = z.object({ id: z.number(), gender: genderSchema.nullable().optional(), medical_state: medicalStateSchema, note: z.string() });
    type Row = z.infer<typeof row>;
    const columns = rowColumns<Row>(row);
    const cells = (item: Row, lang: 'en' | 'zh-TW') => columns.map((c) => c.value(item, textsOf(lang)));
    const item: Row = { id: 7, gender: Gender.female, medical_state: MedicalState.atHome, note: 'ok' };
    expect(cells(item, 'zh-TW')).toEqual([7, '女', textsOf('zh-TW')('enum.medicalState.atHome'), 'ok']);
    expect(cells(item, 'en')[1]).toBe(textsOf('en')('enum.gender.female'));
    expect(cells({ ...item, gender: null }, 'en')[1]).toBeNull();
  });
});
