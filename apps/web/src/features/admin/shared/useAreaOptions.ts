import { Resource, areaRow } from '@vigil/contracts';
import { useResourceOptions } from '../../../components/resource/index.ts';

/** Areas of an organisation (the caller's own when orgId is undefined) as select options. */
export function useAreaOptions(orgId?: number, enabled = true) {
  const areas = useResourceOptions(Resource.area, areaRow, orgId === undefined ? {} : { org_id: orgId }, enabled);
  return (areas.data ?? []).map((a) => ({ value: a.id, label: a.name }));
}
