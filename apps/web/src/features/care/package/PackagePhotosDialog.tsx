import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CARE_ATTACHMENT_LIMIT, CARE_ATTACHMENT_MAX_MB, type CarePackageRow, Resource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import { useWrite } from '../../../components/resource/index.ts';
import { withGlobalLoading } from '../../../lib/global-loading.ts';
import { request } from '../../../lib/http.ts';
import { usePermission } from '../../../lib/session.ts';
import { useObjectUrl } from '../../../lib/stored-files.ts';
import { ViewDialog } from '../records/view-dialog.tsx';

const uploaded = z.object({ name: z.string() });

/** One stored photo, fetched with the token (an <img> cannot send it) and shown from memory. */
function Photo({ name, packageId, alt, onRemove }: { name: string; packageId: number; alt: string; onRemove?: () => void }) {
  const { t } = useTranslation();
  const blob = useQuery({
    queryKey: [Resource.filePackageMedicine, name, packageId],
    staleTime: Infinity,
    queryFn: ({ signal }) => request<Blob>(`${Resource.filePackageMedicine}/${name}`, { query: { record_id: packageId }, blob: true, signal }),
  });
  const url = useObjectUrl(blob.data);
  return (
    <Box sx={{ position: 'relative', width: 140, height: 140, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      {url ? <Box component="img" src={url} alt={alt} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <Skeleton variant="rectangular" width={140} height={140} />}
      {onRemove && (
        <IconButton
          size="small"
          aria-label={t('care.record.package.removePhoto')}
          onClick={onRemove}
          sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

/**
 * A package's photos (docs/care.md "Files"): each upload goes to /file/package-medicine (checked by
 * its bytes there, stored under a random name), then the package names it in `photos`; removing a
 * photo takes its name off the package. SPEC §5's count and size limits are checked before sending.
 */
export function PackagePhotosDialog({ row, onClose }: { row: CarePackageRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [photos, setPhotos] = useState<string[]>(row.photos);
  const canUpload = usePermission('POST', Resource.filePackageMedicine);
  const canChange = usePermission('PATCH', `${Resource.carePackage}/{id}`);
  const save = useWrite<string[]>((next) => ({ method: 'PATCH', path: `${Resource.carePackage}/${row.id}`, body: { photos: next } }), [Resource.carePackage]);
  const room = CARE_ATTACHMENT_LIMIT - photos.length;

  const change = async (next: string[]) => {
    await save.mutateAsync(next);
    setPhotos(next);
  };
  const upload = async (files: File[]) => {
    const names = await withGlobalLoading(
      Promise.all(
        files.map(async (file) => {
          const body = new FormData();
          body.append('file', file);
          return (await request(Resource.filePackageMedicine, { method: 'POST', body, schema: uploaded })).name;
        }),
      ),
    );
    await change([...photos, ...names]);
  };

  return (
    <ViewDialog title={t('care.record.package.photosOf', { name: row.member_name, medicine: row.medicine_name })} onClose={onClose}>
      <Stack spacing={2}>
        {photos.length === 0 ? (
          <Typography color="text.secondary">{t('care.record.package.noPhotos')}</Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            {photos.map((name, i) => (
              <Photo
                key={name}
                name={name}
                packageId={row.id}
                alt={t('care.record.package.photoAlt', { n: i + 1, medicine: row.medicine_name })}
                onRemove={canChange ? () => void change(photos.filter((p) => p !== name)).catch(() => undefined) : undefined}
              />
            ))}
          </Box>
        )}
        {canUpload && canChange && (
          <FileUpload
            extensions={['png', 'jpg', 'jpeg', 'webp']}
            maxCount={Math.max(room, 0)}
            maxSizeMB={CARE_ATTACHMENT_MAX_MB}
            disabled={room <= 0 || save.isPending}
            label={t('care.record.package.addPhotos')}
            hint={t('care.record.package.photoHint', { limit: CARE_ATTACHMENT_LIMIT, max: CARE_ATTACHMENT_MAX_MB })}
            onFiles={(files) => void upload(files).catch(() => undefined)}
          />
        )}
      </Stack>
    </ViewDialog>
  );
}
