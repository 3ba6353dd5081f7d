import { memo, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { WallMember } from '@vigil/contracts';
import { AlertTypeChip } from '../abnormal/index.ts';
import { ageOf, useWallClock } from './age.ts';
import type { WallStore } from './store.ts';
import { observeVisibility } from './visibility.ts';
import { byPriority, topPriority } from './priority.ts';

/** "2 min ago": only this text re-renders when the wall clock ticks, never the tile around it. */
const Age = memo(function Age({ time, skew }: { time: number; skew: number }) {
  const { t } = useTranslation();
  const now = useWallClock() + skew;
  const { key, count } = ageOf(now - time);
  return <span className="wall-age">{t(key, { count })}</span>;
});

type Vital = { kind: string; label: string; text: string | null; time: number | null };

function fmt(v: number, digits: number): string {
  return v.toFixed(digits);
}

const unsubscribed = () => undefined;

/**
 * One member. Reads its own member from the store, so a reading for someone else never renders
 * it, and listens only while on screen (visibility.ts); the values carry `data-kind` so the
 * wall's benchmark (and tests) can find them.
 */
export const WallTile = memo(function WallTile({ id, store }: { id: number; store: WallStore }) {
  const cell = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => observeVisibility(cell.current!, setVisible), []);
  const subscribe = useCallback(
    (l: () => void) => (visible ? store.subscribeTile(id, l) : unsubscribed),
    [visible, id, store],
  );
  const member = useSyncExternalStore(subscribe, () => store.get(id));
  return (
    <div role="listitem" ref={cell}>
      {member && <TileBody member={member} skew={store.skew} />}
    </div>
  );
});

const TileBody = memo(function TileBody({ member: m, skew }: { member: WallMember; skew: number }) {
  const { t } = useTranslation();
  const vitals: Vital[] = [
    {
      kind: 'heart_rate',
      label: t('wall.heartRate'),
      text: m.heart_rate && t('wall.unit.bpm', { value: fmt(m.heart_rate.value, 0) }),
      time: m.heart_rate?.time ?? null,
    },
    {
      kind: 'blood_oxygen',
      label: t('wall.bloodOxygen'),
      text: m.blood_oxygen && t('wall.unit.percent', { value: fmt(m.blood_oxygen.value, 0) }),
      time: m.blood_oxygen?.time ?? null,
    },
    {
      kind: 'body_temperature',
      label: t('wall.bodyTemperature'),
      text: m.body_temperature && t('wall.unit.celsius', { value: fmt(m.body_temperature.value, 1) }),
      time: m.body_temperature?.time ?? null,
    },
    {
      kind: 'blood_pressure',
      label: t('wall.bloodPressure'),
      text:
        m.blood_pressure &&
        t('wall.unit.mmHg', { sys: fmt(m.blood_pressure.sys, 0), dia: fmt(m.blood_pressure.dia, 0) }),
      time: m.blood_pressure?.time ?? null,
    },
  ];
  const top = topPriority(m.alerts);
  const place = [m.area_name, m.room, m.bed].filter(Boolean).join(' · ');
  const d = m.device;
  return (
    <article
      className={top ? `wall-tile wall-alerted wall-${top}` : 'wall-tile'}
      data-member-id={m.id}
      data-priority={top ?? undefined}
      aria-label={m.name}
    >
      <header className="wall-head">
        <h3 className="wall-name">{m.name}</h3>
        {place && <span className="wall-place">{place}</span>}
      </header>
      {top && (
        <ul className="wall-alerts" aria-label={t('wall.openAlerts')}>
          {byPriority(m.alerts)
            .slice(0, 3)
            .map((a) => (
              <li key={a.id}>
                <AlertTypeChip type={a.type} /> <Age time={a.occur_time} skew={skew} />
              </li>
            ))}
          {m.alerts.length > 3 && (
            <li className="wall-more">{t('wall.moreAlerts', { count: m.alerts.length - 3 })}</li>
          )}
        </ul>
      )}
      <dl className="wall-vitals">
        {vitals.map((v) => (
          <div key={v.kind} className="wall-vital">
            <dt>{v.label}</dt>
            <dd>
              <span className="wall-value" data-kind={v.kind}>
                {v.text ?? t('wall.none')}
              </span>
              {v.time !== null && <Age time={v.time} skew={skew} />}
            </dd>
          </div>
        ))}
      </dl>
      <footer className="wall-state">
        {d === null ? (
          <span>{t('wall.noDevice')}</span>
        ) : (
          <>
            <span className={d.online ? 'wall-on' : 'wall-off'}>
              {t(d.online ? 'deviceState.online' : 'deviceState.offline')}
            </span>
            {d.battery !== null && <span>{t('wall.battery', { value: Math.round(d.battery) })}</span>}
            {d.worn !== null && <span>{t(d.worn ? 'deviceState.wornYes' : 'deviceState.wornNo')}</span>}
          </>
        )}
        {m.bed_state && (
          <span>
            {t(
              m.bed_state.source === 'sleep'
                ? m.bed_state.in_bed
                  ? 'deviceState.inBed'
                  : 'deviceState.outOfBed'
                : m.bed_state.in_bed
                  ? 'wall.inRoom'
                  : 'wall.roomEmpty',
            )}{' '}
            <Age time={m.bed_state.time} skew={skew} />
          </span>
        )}
      </footer>
    </article>
  );
});
