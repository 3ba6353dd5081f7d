import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RealtimeEvent, type TimelineEvent, type TimelineKind, realtimeAbnormal } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store.ts';
import { localeStore } from '../../lib/i18n.ts';
import { formatDate } from '../../lib/format.ts';
import { useNavigation } from '../../lib/navigation.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { realtime } from '../realtime/index.ts';
import { typeText } from '../abnormal/index.ts';
import { fetchTimeline, timelineKeys, type TimelineFilters } from './api.ts';
import { type TimelineGroup, eventDetail, groupOf, timelineGroupNames, timelineGroups } from './describe.ts';
import { eventLink } from './links.ts';

const DAY_FORMAT = 'YYYY-MM-DD';

/** The filters as the address keeps them: `groups=alerts,care&from=2026-11-01&to=2026-11-27`. */
function useTimelineFilters(): [TimelineFilters & { groups: TimelineGroup[]; from: string; to: string }, (key: 'groups' | 'from' | 'to', value: string) => void] {
  const [search, setSearch] = useSearchParams();
  const groupsParam = search.get('groups') ?? '';
  const groups = groupsParam.split(',').filter((g): g is TimelineGroup => (timelineGroupNames as string[]).includes(g));
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const day = (v: string) => (dayjs(v, DAY_FORMAT, true).isValid() ? dayjs(v, DAY_FORMAT) : null);
  const filters = useMemo(
    () => ({
      groups,
      from,
      to,
      kinds: groups.flatMap((g) => timelineGroups[g] as readonly TimelineKind[]),
      start_date: day(from)?.startOf('day').unix(),
      end_date: day(to)?.endOf('day').unix(),
    }),
    // The address is the state: recompute when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [groupsParam, from, to],
  );
  const set = (key: 'groups' | 'from' | 'to', value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}

function EventItem({ event, memberId }: { event: TimelineEvent; memberId: number }) {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const { pages } = useNavigation();
  const link = eventLink(event, memberId);
  const heading = t(`timeline.kind.${event.kind}`);
  const detail = eventDetail(t, event, (type) => typeText(t, type));
  const time = event.summary ? formatDate(event.summary.day, locale) : formatDate(event.time, locale, 'dateTime');
  return (
    <Box component="li" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' }, gap: { xs: 0.5, sm: 2 }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="time" dateTime={new Date(event.time * 1000).toISOString()} color="text.secondary" variant="body2">
        {time}
      </Typography>
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Chip size="small" variant="outlined" label={t(`timeline.group.${groupOf(event.kind)}`)} />
          {link && pages.has(link.page) ? (
            <Link component={RouterLink} to={link.to} fontWeight={600}>
              {heading}
            </Link>
          ) : (
            <Typography fontWeight={600}>{heading}</Typography>
          )}
        </Stack>
        {detail && <Typography sx={{ overflowWrap: 'anywhere' }}>{detail}</Typography>}
        {event.staff_name && (
          <Typography variant="body2" color="text.secondary">
            {t('timeline.by', { name: event.staff_name })}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

/**
 * The member's timeline tab (`member/info/:id?tab=timeline`, docs/timeline.md): every event of the
 * member newest first, older pages on demand; the filters live in the address. An alert about the
 * member arriving on the staff channel reloads the stream, so new events appear without a refresh.
 */
export function TimelineTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [filters, setFilter] = useTimelineFilters();
  const query = useInfiniteQuery({
    queryKey: timelineKeys.page(memberId, { kinds: filters.kinds, start_date: filters.start_date, end_date: filters.end_date }),
    queryFn: ({ pageParam, signal }) => fetchTimeline(memberId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

  useEffect(() => {
    const refresh = (item: { source: { user: { id: number } | null } }) => {
      if (item.source.user?.id === memberId) void client.invalidateQueries({ queryKey: timelineKeys.member(memberId) });
    };
    const stops = [RealtimeEvent.abnormal, RealtimeEvent.abnormalHandle, RealtimeEvent.userAbnormal, RealtimeEvent.userAbnormalHandle].map((event) =>
      realtime.on(event, realtimeAbnormal, refresh),
    );
    return () => stops.forEach((stop) => stop());
  }, [client, memberId]);

  const events = query.data?.pages.flatMap((p) => p.list) ?? [];
  const emptyReason = query.data?.pages[0]?.empty_reason;
  const toggle = (g: TimelineGroup) => {
    const next = filters.groups.includes(g) ? filters.groups.filter((x) => x !== g) : [...filters.groups, g];
    setFilter('groups', next.join(','));
  };

  return (
    <Stack spacing={2}>
      <Stack component="fieldset" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('timeline.filterKinds')}
        </Typography>
        {timelineGroupNames.map((g) => {
          const on = filters.groups.includes(g);
          return (
            <Chip
              key={g}
              label={t(`timeline.group.${g}`)}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggle(g)}
              aria-pressed={on}
            />
          );
        })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          size="small"
          label={t('timeline.from')}
          value={filters.from}
          onChange={(e) => setFilter('from', e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('timeline.to')}
          value={filters.to}
          onChange={(e) => setFilter('to', e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
        />
        {(filters.from || filters.to || filters.groups.length > 0) && (
          <Button
            onClick={() => {
              setFilter('from', '');
              setFilter('to', '');
              setFilter('groups', '');
            }}
          >
            {t('timeline.clear')}
          </Button>
        )}
      </Stack>
      {query.isPending ? (
        <Typography color="text.secondary" role="status">
          {t('common.loading')}
        </Typography>
      ) : events.length === 0 ? (
        <EmptyState text={t(emptyReason === 'beyond_data' ? 'timeline.emptyRange' : 'timeline.empty')} />
      ) : (
        <Box component="ol" aria-label={t('timeline.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {events.map((e) => (
            <EventItem key={e.key} event={e} memberId={memberId} />
          ))}
        </Box>
      )}
      {query.hasNextPage && (
        <Box>
          <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {t('timeline.more')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
