import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PasswordChangeRequest,
  type PersonalDetail,
  type PersonalUpdateRequest,
  Resource,
  headshotUploadResponse,
  personalDetail,
} from '@vigil/contracts';
import { z } from 'zod';
import { request } from '../../lib/http.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { updateSessionUser } from '../../lib/session.ts';

export const personalKey = ['personal'] as const;

export function usePersonal() {
  return useQuery({
    queryKey: personalKey,
    queryFn: ({ signal }) => request(Resource.personal, { schema: personalDetail, signal }),
  });
}

export function useUpdatePersonal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonalUpdateRequest) => request(Resource.personal, { method: 'PUT', body, schema: z.unknown() }),
    onSuccess: (_data, body) => {
      client.setQueryData<PersonalDetail>(personalKey, (old) =>
        old ? { ...old, name: body.name, phone: body.phone ?? null, email: body.email ?? null } : old,
      );
      void client.invalidateQueries({ queryKey: personalKey });
      updateSessionUser({ name: body.name });
      notifySuccess();
    },
  });
}

export function useUploadHeadshot() {
  const client = useQueryClient();
  return useMutation({
    meta: { globalLoading: true },
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request(Resource.personalHead, { method: 'POST', body: form, schema: headshotUploadResponse });
    },
    onSuccess: ({ headshot }) => {
      client.setQueryData<PersonalDetail>(personalKey, (old) => (old ? { ...old, headshot } : old));
      updateSessionUser({ headshot });
      notifySuccess();
    },
  });
}

/** Fields of the change-password form; the server's -5 errors on them show beside the field, untoasted. */
export const passwordFields = ['old_password', 'new_password', 'confirm_password'] as const;

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChangeRequest) =>
      request(Resource.personalPassword, { method: 'PUT', body, schema: z.unknown(), formFields: passwordFields }),
    onSuccess: () => notifySuccess(),
  });
}

/**
 * SPEC §7: headshots are images fetched as blobs (with the bearer token, which an <img src> could
 * not send) and shown through an object URL, revoked when the picture changes or unmounts.
 */
export function useHeadshotUrl(name: string | null | undefined): string | undefined {
  const blob = useQuery({
    queryKey: ['headshot', name],
    enabled: Boolean(name),
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      request<Blob>(`${Resource.fileHeadshot}/${encodeURIComponent(name ?? '')}`, { blob: true, silent: true, signal }),
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob.data) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  return url;
}
