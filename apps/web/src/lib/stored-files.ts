import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from './http.ts';
import { saveBlob } from '../components/charts/download.ts';

/** SPEC §7 file paths of records (care records II, the work log), each file served by its record_id. */
export type RecordFileFolder = '/file/symptiom' | '/file/diet' | '/file/stethoscope' | '/file/report' | '/file/ecg' | '/file/work-log';

const uploaded = z.object({ name: z.string() });

/** Uploads one file; the server checks its bytes and answers the stored name (-5 on `file` otherwise). */
export async function uploadFile(folder: RecordFileFolder, file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return (await request(folder, { method: 'POST', body, schema: uploaded })).name;
}

/** A stored file as a blob, fetched with the bearer token (an <audio src> or <img src> could not send it). */
export function useStoredFile(folder: RecordFileFolder, name: string | null, recordId: number | null) {
  return useQuery({
    queryKey: [folder, 'file', name, recordId],
    enabled: name !== null,
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      request<Blob>(`${folder}/${encodeURIComponent(name ?? '')}`, { blob: true, silent: true, signal, query: { record_id: recordId ?? undefined } }),
  });
}

/** An object URL for a blob, revoked when the blob changes or the component goes. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** SPEC §7 record download: the file by its record; a failure toasts SPEC §8's "Download Failed". */
export async function downloadFile(folder: RecordFileFolder, name: string, recordId: number, fileName: string): Promise<void> {
  const blob = await request<Blob>(`${folder}/${encodeURIComponent(name)}`, { blob: true, query: { record_id: recordId }, failureKey: 'error.downloadFailed' });
  saveBlob(blob, fileName);
}
