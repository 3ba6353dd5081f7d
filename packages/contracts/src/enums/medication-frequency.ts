import { labelKeys } from './label-key.ts';

/**
 * SPEC §3: medication frequency, 22 values 0–21 from once daily to as required. The members are
 * the prescription abbreviations used on Taiwanese prescriptions; `medicationFrequencyCode` gives
 * the printed code and `medicationFrequencyDailyDoses` the doses per day where it is fixed.
 */
export const MedicationFrequency = {
  qd: 0,
  bid: 1,
  tid: 2,
  qid: 3,
  qod: 4,
  hs: 5,
  qam: 6,
  qpm: 7,
  q2h: 8,
  q4h: 9,
  q6h: 10,
  q8h: 11,
  q12h: 12,
  qw: 13,
  biw: 14,
  tiw: 15,
  ac: 16,
  pc: 17,
  stat: 18,
  once: 19,
  asOrder: 20,
  prn: 21,
} as const;
export type MedicationFrequency = (typeof MedicationFrequency)[keyof typeof MedicationFrequency];
export const medicationFrequencyLabelKey = labelKeys('medicationFrequency', MedicationFrequency);

/** The abbreviation printed on a prescription. */
export const medicationFrequencyCode: Record<MedicationFrequency, string> = {
  0: 'QD',
  1: 'BID',
  2: 'TID',
  3: 'QID',
  4: 'QOD',
  5: 'HS',
  6: 'QAM',
  7: 'QPM',
  8: 'Q2H',
  9: 'Q4H',
  10: 'Q6H',
  11: 'Q8H',
  12: 'Q12H',
  13: 'QW',
  14: 'BIW',
  15: 'TIW',
  16: 'AC',
  17: 'PC',
  18: 'STAT',
  19: 'ONCE',
  20: 'ASORDER',
  21: 'PRN',
};

/**
 * Scheduled doses per day, or null when the schedule is not daily or not fixed (weekly, every
 * other day, with meals, immediately, once, as directed, as required).
 */
export const medicationFrequencyDailyDoses: Record<MedicationFrequency, number | null> = {
  0: 1,
  1: 2,
  2: 3,
  3: 4,
  4: null,
  5: 1,
  6: 1,
  7: 1,
  8: 12,
  9: 6,
  10: 4,
  11: 3,
  12: 2,
  13: null,
  14: null,
  15: null,
  16: null,
  17: null,
  18: null,
  19: null,
  20: null,
  21: null,
};
