import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lineLinkStatus, pushOverview, pushSubscriptionRow } from '@vigil/contracts';
import { z } from 'zod';
import { request } from '../../lib/http.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { subscribeThisDevice } from '../../lib/push.ts';

export const pushKey = ['personal', 'push'] as const;
export const lineKey = ['personal', 'line'] as const;

/** Own devices receiving web push, the key to subscribe with, devices the push service dropped. */
export function usePushOverview(options: { silent?: boolean } = {}) {
  return useQuery({ queryKey: pushKey, queryFn: ({ signal }) => request('/personal/push', { schema: pushOverview, signal, silent: options.silent }) });
}

/** "Receive alerts on this device": asks the browser, subscribes, stores the subscription. */
export function useEnablePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ publicKey, label }: { publicKey: string; label: string }) => {
      const subscription = await subscribeThisDevice(publicKey);
      return request('/personal/push', { method: 'POST', body: { ...subscription, label }, schema: pushSubscriptionRow });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: pushKey });
      notifySuccess();
    },
  });
}

export function useRemovePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'expired') => request(`/personal/push/${id}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => void client.invalidateQueries({ queryKey: pushKey }),
  });
}

export function useLineLink() {
  return useQuery({ queryKey: lineKey, queryFn: ({ signal }) => request('/personal/line', { schema: lineLinkStatus, signal }) });
}

export function useLineCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request('/personal/line/code', { method: 'POST', schema: lineLinkStatus }),
    onSuccess: (data) => client.setQueryData(lineKey, data),
  });
}

export function useUnlinkLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request('/personal/line', { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => void client.invalidateQueries({ queryKey: lineKey }),
  });
}
