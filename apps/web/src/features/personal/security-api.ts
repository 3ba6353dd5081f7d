import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { passkeyOptionsResponse, recoveryCodes, secondFactorStatus, sessionItem, totpEnrolment } from '@vigil/contracts';
import { request } from '../../lib/http.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { personalKey } from './api.ts';

export const secondFactorKey = ['personal', 'second-factor'] as const;
export const sessionsKey = ['personal', 'session'] as const;

export function useSecondFactor() {
  return useQuery({
    queryKey: secondFactorKey,
    queryFn: ({ signal }) => request('/personal/second-factor', { schema: secondFactorStatus, signal }),
  });
}

/** After any change of factors: the status, and the profile's "must enrol" flag. */
function useFactorsChanged() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: secondFactorKey });
    void client.invalidateQueries({ queryKey: personalKey });
  };
}

export function useStartTotp() {
  return useMutation({ mutationFn: () => request('/personal/totp', { method: 'POST', schema: totpEnrolment }) });
}

export function useConfirmTotp() {
  const changed = useFactorsChanged();
  return useMutation({
    mutationFn: (code: string) => request('/personal/totp/confirm', { method: 'POST', body: { code }, schema: recoveryCodes, formFields: ['code'] }),
    onSuccess: changed,
  });
}

export function useNewRecoveryCodes() {
  const changed = useFactorsChanged();
  return useMutation({
    mutationFn: () => request('/personal/totp/recovery-codes', { method: 'POST', schema: recoveryCodes }),
    onSuccess: changed,
  });
}

export function useRemoveTotp() {
  const changed = useFactorsChanged();
  return useMutation({
    mutationFn: () => request('/personal/totp', { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => {
      changed();
      notifySuccess();
    },
  });
}

/**
 * Registers a passkey: the server's challenge, the browser's ceremony (the WebAuthn library is
 * loaded only now), the answer back with the name the user chose.
 */
export function useAddPasskey() {
  const changed = useFactorsChanged();
  return useMutation({
    mutationFn: async (name: string) => {
      const { token, options } = await request('/personal/passkey/options', { method: 'POST', schema: passkeyOptionsResponse });
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: options as never });
      await request('/personal/passkey', { method: 'POST', body: { token, name, response }, schema: z.unknown() });
    },
    onSuccess: () => {
      changed();
      notifySuccess();
    },
  });
}

export function useRemovePasskey() {
  const changed = useFactorsChanged();
  return useMutation({
    mutationFn: (id: string) => request(`/personal/passkey/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => {
      changed();
      notifySuccess();
    },
  });
}

export function useStepUp() {
  return useMutation({
    mutationFn: (password: string) => request('/personal/step-up', { method: 'POST', body: { password }, schema: z.unknown(), formFields: ['password'] }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => request('/personal/session', { schema: z.array(sessionItem), signal }),
  });
}

/** Signs out one session (by its handle), or every other one. */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'others') =>
      request(id === 'others' ? '/personal/session' : `/personal/session/${id}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: sessionsKey });
      notifySuccess();
    },
  });
}
