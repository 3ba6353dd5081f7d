import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../test/helpers.ts';
import { careSchedules } from '../db/schema/index.ts';
import { resourceDefinitions } from './define.ts';
import { memberName } from './names.ts';
import { compileWire, compileWrite, mapped, time, timeOrNull, withColumns } from './wire.ts';

const t = useTestApp();

/** The keys a row schema promises on the wire. */
function schemaKeys(schema: z.ZodType): string[] {
  if (!(schema instanceof z.ZodObject)) throw new Error('A resource row schema must be a zod object');
  return Object.keys(schema.shape).sort();
}

describe('wire maps', () => {
  it('name exactly the keys of their contracts row schema, for every resource the app registers', () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/api/area' })).toBe(true);
    const defined = resourceDefinitions();
    const paths = new Set(defined.map((d) => d.resource.path));
    for (const path of ['/area', '/org', '/staff', '/user', '/device/bind', '/change/staff', '/change/user', '/change/record', '/medical/user', '/role', '/temp/role']) {
      expect(paths, path).toContain(path);
    }
    for (const { resource, wireKeys } of defined) {
      expect([...wireKeys].sort(), resource.path).toEqual(schemaKeys(resource.row));
    }
  });
});

describe('compileWrite', () => {
  const write = compileWrite(careSchedules, {
    id: careSchedules.id,
    member_name: memberName(careSchedules.memberId),
    title: careSchedules.title,
    start_date: time(careSchedules.startDate),
    end_date: timeOrNull(careSchedules.endDate),
    enable: careSchedules.enabled,
    staff_name: mapped(careSchedules.staffId, (v) => `#${v}`),
  });

  it('writes body keys to their own columns, times back into dates, and leaves out absent keys', () => {
    expect(write.values({ title: 'Bath', start_date: 1_795_400_000, end_date: null, enable: false })).toEqual({
      title: 'Bath',
      startDate: new Date(1_795_400_000_000),
      endDate: null,
      enabled: false,
    });
    expect(write.values({ title: 'Bath', remark: undefined })).toEqual({ title: 'Bath' });
  });

  it('never writes SQL expressions or mapped keys', () => {
    expect([...write.keys].sort()).toEqual(['enable', 'end_date', 'id', 'start_date', 'title']);
    expect(write.values({ member_name: 'x', staff_name: 'y' })).toEqual({});
  });
});

describe('withColumns', () => {
  const keys = ['id', 'title', 'start_date', 'end_date', 'enable', 'member_name'];
  const named = { enable: careSchedules.enabled, member_name: memberName(careSchedules.memberId) };

  it('reads each row key it is not given from the column of that name, times as unix seconds', () => {
    const wire = compileWire(withColumns(careSchedules, keys, named));
    expect(wire.keys).toEqual(keys);
    expect(wire.fields).toMatchObject({ id: careSchedules.id, title: careSchedules.title, enable: careSchedules.enabled });
    const row = wire.toRow({ id: 1, title: 'Bath', start_date: new Date(1_795_400_000_000), end_date: null, enable: true, member_name: 'Ann' });
    expect(row).toEqual({ id: 1, title: 'Bath', start_date: 1_795_400_000, end_date: null, enable: true, member_name: 'Ann' });
  });

  it('writes the derived keys back to their columns', () => {
    const write = compileWrite(careSchedules, withColumns(careSchedules, keys, named));
    expect(write.values({ title: 'Bath', end_date: 1_795_400_000 })).toEqual({ title: 'Bath', endDate: new Date(1_795_400_000_000) });
  });

  it('refuses a row key with no column and no source, and a named key the row does not have', () => {
    expect(() => withColumns(careSchedules, [...keys, 'colour'], named)).toThrow(/colour is no column/);
    expect(() => withColumns(careSchedules, ['id'], { title: careSchedules.title })).toThrow(/title: not a key of the API row/);
  });
});
