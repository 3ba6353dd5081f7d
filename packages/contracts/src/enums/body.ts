import { labelKeys } from './label-key.ts';

/**
 * SPEC §3: body main parts 0–11, small parts 0–67, and stethoscope organs with their auscultation
 * positions 68–99 (the positions continue the small-part numbering). SPEC gives only the ranges
 * and the five organs; the anatomical names are Vigil's (docs/enums.md).
 */
export const BodyMainPart = {
  head: 0,
  face: 1,
  neck: 2,
  chest: 3,
  abdomen: 4,
  upperBack: 5,
  lowerBack: 6,
  buttocks: 7,
  leftUpperLimb: 8,
  rightUpperLimb: 9,
  leftLowerLimb: 10,
  rightLowerLimb: 11,
} as const;
export type BodyMainPart = (typeof BodyMainPart)[keyof typeof BodyMainPart];
export const bodyMainPartLabelKey = labelKeys('bodyMainPart', BodyMainPart);

export const BodySmallPart = {
  forehead: 0,
  leftTemple: 1,
  rightTemple: 2,
  backOfHead: 3,
  leftEye: 4,
  rightEye: 5,
  leftEar: 6,
  rightEar: 7,
  nose: 8,
  mouth: 9,
  jaw: 10,
  leftCheek: 11,
  rightCheek: 12,
  throat: 13,
  nape: 14,
  leftSideOfNeck: 15,
  rightSideOfNeck: 16,
  leftChest: 17,
  rightChest: 18,
  sternum: 19,
  leftRibs: 20,
  rightRibs: 21,
  epigastrium: 22,
  umbilicalRegion: 23,
  lowerAbdomen: 24,
  rightUpperQuadrant: 25,
  leftUpperQuadrant: 26,
  rightLowerQuadrant: 27,
  leftLowerQuadrant: 28,
  leftShoulderBlade: 29,
  rightShoulderBlade: 30,
  upperSpine: 31,
  lumbarSpine: 32,
  leftFlank: 33,
  rightFlank: 34,
  sacrum: 35,
  leftButtock: 36,
  rightButtock: 37,
  tailbone: 38,
  perineum: 39,
  leftShoulder: 40,
  leftUpperArm: 41,
  leftElbow: 42,
  leftForearm: 43,
  leftWrist: 44,
  leftHand: 45,
  leftFingers: 46,
  rightShoulder: 47,
  rightUpperArm: 48,
  rightElbow: 49,
  rightForearm: 50,
  rightWrist: 51,
  rightHand: 52,
  rightFingers: 53,
  leftHip: 54,
  leftThigh: 55,
  leftKnee: 56,
  leftCalf: 57,
  leftAnkle: 58,
  leftFoot: 59,
  leftToes: 60,
  rightHip: 61,
  rightThigh: 62,
  rightKnee: 63,
  rightCalf: 64,
  rightAnkle: 65,
  rightFoot: 66,
  rightToes: 67,
} as const;
export type BodySmallPart = (typeof BodySmallPart)[keyof typeof BodySmallPart];
export const bodySmallPartLabelKey = labelKeys('bodySmallPart', BodySmallPart);

/** Which main part each small part belongs to (main part choice narrows the small-part list). */
export function bodySmallPartMain(part: BodySmallPart): BodyMainPart {
  const firstSmallPartOfMain: readonly number[] = [0, 4, 13, 17, 22, 29, 32, 36, 40, 47, 54, 61];
  let main = 0;
  for (let i = 0; i < firstSmallPartOfMain.length; i++) if (part >= firstSmallPartOfMain[i]) main = i;
  return main as BodyMainPart;
}

/** SPEC §3: stethoscope organs (auscultation areas). */
export const Organ = { heart: 0, chestFront: 1, back: 2, neck: 3, intestines: 4 } as const;
export type Organ = (typeof Organ)[keyof typeof Organ];
export const organLabelKey = labelKeys('organ', Organ);

/** SPEC §3: auscultation positions 68–99, grouped by organ in `organPositionOrgan`. */
export const OrganPosition = {
  aorticArea: 68,
  pulmonicArea: 69,
  erbsPoint: 70,
  tricuspidArea: 71,
  mitralArea: 72,
  rightApexFront: 73,
  leftApexFront: 74,
  rightUpperFront: 75,
  leftUpperFront: 76,
  rightMiddleFront: 77,
  leftMiddleFront: 78,
  rightLowerFront: 79,
  leftLowerFront: 80,
  rightApexBack: 81,
  leftApexBack: 82,
  rightUpperBack: 83,
  leftUpperBack: 84,
  rightMiddleBack: 85,
  leftMiddleBack: 86,
  rightLowerBack: 87,
  leftLowerBack: 88,
  rightBaseBack: 89,
  leftBaseBack: 90,
  rightCarotid: 91,
  leftCarotid: 92,
  trachea: 93,
  rightUpperAbdomen: 94,
  leftUpperAbdomen: 95,
  rightLowerAbdomen: 96,
  leftLowerAbdomen: 97,
  periumbilical: 98,
  epigastricAbdomen: 99,
} as const;
export type OrganPosition = (typeof OrganPosition)[keyof typeof OrganPosition];
export const organPositionLabelKey = labelKeys('organPosition', OrganPosition);

export function organPositionOrgan(position: OrganPosition): Organ {
  if (position <= 72) return Organ.heart;
  if (position <= 80) return Organ.chestFront;
  if (position <= 90) return Organ.back;
  if (position <= 93) return Organ.neck;
  return Organ.intestines;
}

/** Small parts of each main part, in code order. */
export const bodyMainPartSmallParts = Object.fromEntries(
  Object.values(BodyMainPart).map((main) => [
    main,
    (Object.values(BodySmallPart) as BodySmallPart[]).filter((part) => bodySmallPartMain(part) === main),
  ]),
) as Record<BodyMainPart, BodySmallPart[]>;

/** Positions of each organ, in code order. */
export const organPositions = Object.fromEntries(
  Object.values(Organ).map((organ) => [
    organ,
    (Object.values(OrganPosition) as OrganPosition[]).filter(
      (position) => organPositionOrgan(position) === organ,
    ),
  ]),
) as Record<Organ, OrganPosition[]>;
