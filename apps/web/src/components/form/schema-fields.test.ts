import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { field } from '@vigil/contracts';
import { formFieldNames, withSchemaFields } from './schema-fields.ts';

const schema = z.object({
  name: z.string(),
  phone: field(z.string().max(30).nullable().optional(), { label: { en: 'Phone', 'zh-TW': '電話' }, type: 'tel' }),
  code: field(z.string().min(1), { label: { en: 'Code', 'zh-TW': '代碼' } }),
});

describe('withSchemaFields', () => {
  it("adds the fields the schema describes and the page does not declare, labelled in the user's language, after the field before them", () => {
    const fields = withSchemaFields<z.input<typeof schema>>(schema, [{ name: 'name', label: 'Name' }], 'zh-TW');
    expect(fields).toEqual([
      { name: 'name', label: 'Name' },
      { name: 'phone', label: '電話', type: 'tel', multiline: undefined, required: false },
      { name: 'code', label: '代碼', type: undefined, multiline: undefined, required: true },
    ]);
  });

  it('keeps a field the page declares as the page declares it', () => {
    const fields = withSchemaFields<z.input<typeof schema>>(schema, [{ name: 'phone', label: 'Mobile', type: 'tel' }], 'en');
    expect(fields.map((f) => [f.name, f.label])).toEqual([
      ['phone', 'Mobile'],
      ['code', 'Code'],
    ]);
    expect(formFieldNames(schema, [{ name: 'name' }])).toEqual(['name', 'phone', 'code']);
  });

  it('places a described field after the declared field the schema puts before it, whatever the page order', () => {
    const names = withSchemaFields<z.input<typeof schema>>(schema, [{ name: 'code', label: 'Code' }, { name: 'name', label: 'Name' }], 'en').map((f) => f.name);
    expect(names).toEqual(['code', 'name', 'phone']);
  });
});
