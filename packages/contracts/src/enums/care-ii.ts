import { labelKeys } from './label-key.ts';

/* Care records II (docs/care.md "Care records II"): the codes SPEC does not show, numbered by Vigil. */

/** What a body-map site records: pain, a wound, or a pressure injury. */
export const SymptomFinding = { pain: 0, wound: 1, pressureInjury: 2 } as const;
export type SymptomFinding = (typeof SymptomFinding)[keyof typeof SymptomFinding];
export const symptomFindingLabelKey = labelKeys('symptomFinding', SymptomFinding);

/**
 * How pain was scored: the member's own 0–10 numeric rating (the Brief Pain Inventory's scale), or
 * PAINAD for a member who cannot report pain (dementia, aphasia): five observed items, 0–2 each.
 */
export const PainTool = { numeric: 0, painad: 1 } as const;
export type PainTool = (typeof PainTool)[keyof typeof PainTool];
export const painToolLabelKey = labelKeys('painTool', PainTool);

/**
 * A wound's or pressure injury's category: NPIAP pressure-injury stages 1–4, unstageable,
 * deep-tissue injury; then the common wounds of a care home.
 */
export const WoundCategory = {
  stage1: 0,
  stage2: 1,
  stage3: 2,
  stage4: 3,
  unstageable: 4,
  deepTissue: 5,
  skinTear: 6,
  abrasion: 7,
  laceration: 8,
  surgical: 9,
  burn: 10,
  ulcer: 11,
  other: 12,
} as const;
export type WoundCategory = (typeof WoundCategory)[keyof typeof WoundCategory];
export const woundCategoryLabelKey = labelKeys('woundCategory', WoundCategory);
/** The pressure-injury categories (NPIAP); the others are wounds. */
export const pressureInjuryCategories: readonly WoundCategory[] = [0, 1, 2, 3, 4, 5];

/** Which side of the body map a site was marked on. */
export const BodyView = { front: 0, back: 1 } as const;
export type BodyView = (typeof BodyView)[keyof typeof BodyView];
export const bodyViewLabelKey = labelKeys('bodyView', BodyView);

/** How much of the meal was eaten, in quarters (the plate-waste estimate care homes record). */
export const EatenPortion = { none: 0, quarter: 1, half: 2, threeQuarters: 3, all: 4 } as const;
export type EatenPortion = (typeof EatenPortion)[keyof typeof EatenPortion];
export const eatenPortionLabelKey = labelKeys('eatenPortion', EatenPortion);

export const Appetite = { good: 0, fair: 1, poor: 2 } as const;
export type Appetite = (typeof Appetite)[keyof typeof Appetite];
export const appetiteLabelKey = labelKeys('appetite', Appetite);

/** The texture served (IDDSI levels as a care home names them), or tube feeding. */
export const DietTexture = { regular: 0, soft: 1, minced: 2, pureed: 3, liquid: 4, tubeFeeding: 5 } as const;
export type DietTexture = (typeof DietTexture)[keyof typeof DietTexture];
export const dietTextureLabelKey = labelKeys('dietTexture', DietTexture);

export const ReportType = { lab: 0, imaging: 1, checkUp: 2, discharge: 3, ecg: 4, other: 5 } as const;
export type ReportType = (typeof ReportType)[keyof typeof ReportType];
export const reportTypeLabelKey = labelKeys('reportType', ReportType);

/** An outpatient visit's status: booked, checked in, seen, cancelled, did not attend. */
export const OpdStatus = { booked: 0, checkedIn: 1, completed: 2, cancelled: 3, noShow: 4 } as const;
export type OpdStatus = (typeof OpdStatus)[keyof typeof OpdStatus];
export const opdStatusLabelKey = labelKeys('opdStatus', OpdStatus);
