import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LineChannelRequest,
  type NotifyPolicy,
  type NotifySettingsUpdate,
  Resource,
  lineChannelStatus,
  notifyPolicy,
  notifySettingsView,
  notifyTestMailResult,
} from '@vigil/contracts';
import { z } from 'zod';
import { request } from '../../lib/http.ts';
import { notifySuccess } from '../../lib/notify.ts';

export const notifyKeys = {
  settings: ['notify', 'settings'] as const,
  policy: ['notify', 'policy'] as const,
  line: ['notify', 'line-channel'] as const,
};

/** The channels' server-wide settings (operators): secrets only as set or not. */
export function useNotifySettings() {
  return useQuery({ queryKey: notifyKeys.settings, queryFn: ({ signal }) => request(Resource.notifySettings, { schema: notifySettingsView, signal }) });
}

/** Saves settings; a -5 naming a field (an SMTP server that refused) is shown beside it, not toasted. */
export function useSaveNotifySettings(formFields: readonly string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotifySettingsUpdate) => request(Resource.notifySettings, { method: 'PUT', body, schema: notifySettingsView, formFields }),
    onSuccess: (data) => {
      client.setQueryData(notifyKeys.settings, data);
      notifySuccess();
    },
  });
}

/** Sends one mail now; the answer (the SMTP server's own words on a refusal) is the page's to show. */
export function useTestMail() {
  return useMutation({
    mutationFn: (to: string) => request(`${Resource.notifySettings}/test-mail`, { method: 'POST', body: { to }, schema: notifyTestMailResult, formFields: ['to'] }),
  });
}

export function useNotifyPolicy() {
  return useQuery({ queryKey: notifyKeys.policy, queryFn: ({ signal }) => request(Resource.notifyPolicy, { schema: notifyPolicy, signal }) });
}

export function useSaveNotifyPolicy(formFields: readonly string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotifyPolicy) => request(Resource.notifyPolicy, { method: 'PUT', body, schema: notifyPolicy, formFields }),
    onSuccess: (data) => {
      client.setQueryData(notifyKeys.policy, data);
      notifySuccess();
    },
  });
}

export function useLineChannel() {
  return useQuery({ queryKey: notifyKeys.line, queryFn: ({ signal }) => request(Resource.lineChannel, { schema: lineChannelStatus, signal }) });
}

export function useConnectLine(formFields: readonly string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LineChannelRequest) => request(Resource.lineChannel, { method: 'PUT', body, schema: lineChannelStatus, formFields }),
    onSuccess: (data) => {
      client.setQueryData(notifyKeys.line, data);
      notifySuccess();
    },
  });
}

export function useDisconnectLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request(Resource.lineChannel, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: notifyKeys.line });
      notifySuccess();
    },
  });
}
