import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type NotifyPreferencesUpdate, notifyPreferencesDetail } from '@vigil/contracts';
import { request } from '../../lib/http.ts';
import { notifySuccess } from '../../lib/notify.ts';

const path = '/personal/notify';
export const notifyPreferencesKey = ['personal', 'notify'] as const;

/** Own notification preferences and the channels live now (docs/notifications.md). */
export function useNotifyPreferences() {
  return useQuery({ queryKey: notifyPreferencesKey, queryFn: ({ signal }) => request(path, { schema: notifyPreferencesDetail, signal }) });
}

export function useSaveNotifyPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotifyPreferencesUpdate) => request(path, { method: 'PUT', body, schema: notifyPreferencesDetail }),
    onSuccess: (data) => {
      client.setQueryData(notifyPreferencesKey, data);
      notifySuccess();
    },
  });
}
