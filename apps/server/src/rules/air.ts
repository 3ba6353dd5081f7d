import { AbnormalType } from '@vigil/contracts';
import type { ReadingValues } from '@vigil/contracts/readings';
import { verdictOf, type Raised, type RuleContext, type Verdict } from './types.ts';

type Pollutant = 'pm25' | 'pm10' | 'co2' | 'tvoc' | 'hcho' | 'co';

const levelNames = ['Moderate', 'Sensitive', 'Unhealthy', 'VeryUnhealthy', 'Hazardous'] as const;
const levels = (pollutant: string) =>
  levelNames.map((level) => AbnormalType[`air${pollutant}${level}` as keyof typeof AbnormalType]);

/**
 * Lower bounds of the five levels above "good" (moderate, unhealthy for sensitive groups,
 * unhealthy, very unhealthy, hazardous) and their abnormal types 14–43. PM and CO follow Taiwan's
 * AQI breakpoints; CO2, TVOC and formaldehyde start at Taiwan's indoor air quality standards
 * (1000 ppm, 0.56 ppm, 0.08 ppm). A value at a bound is in that level.
 */
export const airLevels: Record<Pollutant, { bounds: readonly number[]; types: readonly AbnormalType[] }> = {
  pm25: { bounds: [15.5, 35.5, 54.5, 150.5, 250.5], types: levels('Pm25') },
  pm10: { bounds: [55, 126, 255, 355, 425], types: levels('Pm10') },
  co2: { bounds: [1000, 1500, 2000, 5000, 10_000], types: levels('Co2') },
  tvoc: { bounds: [0.56, 1, 3, 10, 25], types: levels('Tvoc') },
  hcho: { bounds: [0.08, 0.1, 0.3, 1, 3], types: levels('Hcho') },
  co: { bounds: [4.5, 9.5, 12.5, 15.5, 30.5], types: levels('Co') },
};

/**
 * Each pollutant raises only its highest level reached; its other levels recover. A room at or
 * above the device's `roomTempMax` (30 °C by default) raises "temperature high" (type 8): older
 * people lose heat poorly and a hot room is the first sign of a heatstroke risk.
 */
export function airRule(v: ReadingValues['air'], ctx: RuleContext): Verdict {
  const hot = v.temperature !== undefined && v.temperature >= ctx.settings.roomTempMax;
  const room =
    v.temperature === undefined
      ? { raise: [], recover: [] }
      : verdictOf(
          [AbnormalType.temperatureHigh],
          hot ? [{ type: AbnormalType.temperatureHigh, detail: { value: v.temperature!, standard: ctx.settings.roomTempMax } }] : [],
        );
  const raise: Raised[] = [...room.raise];
  const recover: AbnormalType[] = [...room.recover];
  for (const pollutant of Object.keys(airLevels) as Pollutant[]) {
    const value = v[pollutant];
    if (value === undefined) continue;
    const { bounds, types } = airLevels[pollutant];
    let level = -1;
    bounds.forEach((bound, i) => {
      if (value >= bound) level = i;
    });
    const verdict = verdictOf(
      types,
      level < 0 ? [] : [{ type: types[level], detail: { value, standard: bounds[level] } }],
    );
    raise.push(...verdict.raise);
    recover.push(...verdict.recover);
  }
  return { raise, recover };
}
