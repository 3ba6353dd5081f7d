import type { SafeZone } from '@vigil/contracts';

/** Metres per degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = 111_320;
const HOUR = 3600;
const DAY = 86_400;
const UTC_OFFSET = 8 * HOUR;

/**
 * Where a demo member lives: a 400 m safe zone around a home in Taipei, spread by member id so the
 * map shows several. Deterministic, so the seed, the history and the live simulator agree.
 */
export function demoSafeZone(memberId: number): SafeZone {
  return {
    lat: Math.round((25.02 + (memberId % 9) * 0.006) * 1e5) / 1e5,
    lng: Math.round((121.51 + (memberId % 7) * 0.008) * 1e5) / 1e5,
    radius: 400,
  };
}

/** The afternoon walk (local 15:00–15:40) that leaves the safe zone once a day. */
const EXCURSION_START = 15 * HOUR;
const EXCURSION_SECONDS = 40 * 60;

/**
 * A demo wearer's position at time t: a slow stroll within 250 m of home, and each afternoon a walk
 * about 700 m out and back, so the history holds a "left safe zone" a day and the map moves.
 */
export function demoPosition(memberId: number, t: number): { lat: number; lng: number; still_minutes: number } {
  const zone = demoSafeZone(memberId);
  const local = (((t + UTC_OFFSET) % DAY) + DAY) % DAY;
  const night = local < 6 * HOUR || local >= 22 * HOUR;
  const intoWalk = local - EXCURSION_START;
  const out = intoWalk >= 0 && intoWalk < EXCURSION_SECONDS;
  const angle = t / 1800 + memberId;
  const metres = out ? 700 * Math.sin((Math.PI * intoWalk) / EXCURSION_SECONDS) + 150 : night ? 5 : 120 + 100 * Math.sin(t / 2600 + memberId);
  const lat = zone.lat + (metres * Math.cos(angle)) / METRES_PER_DEGREE;
  const lng = zone.lng + (metres * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((zone.lat * Math.PI) / 180));
  // Asleep at night, otherwise up and about (still for a few minutes at a time).
  const still = night ? Math.floor((local < 6 * HOUR ? local + 2 * HOUR : local - 22 * HOUR) / 60) : Math.floor((t / 60) % 12);
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6, still_minutes: still };
}
