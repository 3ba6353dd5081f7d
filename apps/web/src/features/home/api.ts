import { useQuery } from '@tanstack/react-query';
import { Resource, personalDetail } from '@vigil/contracts';
import { request } from '../../lib/http.ts';

/** The dashboard's organisation, area and role come from the profile (same cache entry as the personal page). */
export function useProfileSummary() {
  return useQuery({
    queryKey: ['personal'],
    queryFn: ({ signal }) => request(Resource.personal, { schema: personalDetail, signal }),
  });
}
