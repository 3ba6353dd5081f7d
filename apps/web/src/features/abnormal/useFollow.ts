import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AbnormalListItem, Paginated } from '@vigil/contracts';
import { flipRowFlag } from '../../components/server-table/row-toggle.ts';
import { abnormalKeys, followAbnormal } from './api.ts';
import { abnormalFeed } from './feed.ts';
import { upsertAbnormal } from './store.ts';

/**
 * SPEC §4: a follow toggle flips the flag in the cached lists after the update succeeds — in the
 * live feed, in every cached log page and in the detail.
 */
export function useFollowToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: Pick<AbnormalListItem, 'id' | 'is_follow'>) => followAbnormal(row.id, !row.is_follow),
    onSuccess: (_data, row) => {
      const live = abnormalFeed.get().byId[row.id];
      if (live) abnormalFeed.set((s) => upsertAbnormal(s, { ...live, is_follow: !row.is_follow }));
      queryClient.setQueriesData<Paginated<AbnormalListItem>>(
        { queryKey: [...abnormalKeys.all, 'page'] },
        (page) => flipRowFlag(page, row.id, 'is_follow'),
      );
      void queryClient.invalidateQueries({ queryKey: abnormalKeys.detail(row.id) });
    },
  });
}
