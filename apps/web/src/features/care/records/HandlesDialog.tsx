import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { careHandleRow } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/http.ts';
import type { RowView } from './CareRecordList.tsx';
import { HandleLines, StateChip, when } from './cells.tsx';
import { ViewDialog } from './view-dialog.tsx';

const handles = z.array(careHandleRow);

/**
 * A record's handles (SPEC §3/§4 handle state, docs/care.md "The shared handle shape") from
 * `GET /handle/{kind}/{id}`: an education's teach-backs or a visit's outcome, oldest first, with
 * who handled it, when, and what they wrote, under the item's due time and state.
 */
function HandlesDialog({ title, path, due, state, onClose }: { title: string; path: string; due: number; state: number; onClose: () => void }) {
  const { t } = useTranslation();
  const read = useQuery({ queryKey: [path, 'handles'], queryFn: ({ signal }) => request(path, { schema: handles, signal }) });
  return (
    <ViewDialog title={title} onClose={onClose}>
      {read.isLoading && <LinearProgress aria-label={t('common.loading')} />}
      {read.data?.length === 0 && <Typography color="text.secondary">{t('care.record.noHandles')}</Typography>}
      {read.data && (
        <Stack spacing={0.75}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {when(due)}
            </Typography>
            <StateChip state={state} />
          </Stack>
          <Stack component="ol" spacing={0.75} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {read.data.map((h) => (
              <Box component="li" key={h.id} sx={{ pl: 1.5, borderLeft: 2, borderColor: 'divider' }}>
                <HandleLines handle={h} remark />
              </Box>
            ))}
          </Stack>
        </Stack>
      )}
    </ViewDialog>
  );
}

type HandledRow = { id: number; member_id: number; member_name: string; state: number };

/** A record that is itself handled (education, a follow-up visit): its handles, due at `dueOf`. */
export function recordHandles<R extends HandledRow>(t: TFunction, resource: string, titleOf: (r: R) => string, dueOf: (r: R) => number): RowView<R> {
  return {
    id: 'handles',
    label: t('care.record.handles'),
    icon: <HistoryIcon fontSize="small" />,
    permission: { method: 'GET', route: `${resource}/{id}` },
    render: (r, onClose) => (
      <HandlesDialog title={t('care.record.handlesOf', { name: r.member_name, title: titleOf(r) })} path={`${resource}/${r.id}`} due={dueOf(r)} state={r.state} onClose={onClose} />
    ),
  };
}
