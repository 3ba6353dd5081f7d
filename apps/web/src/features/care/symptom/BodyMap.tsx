import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BodyMainPart, BodyView, bodyMainPartLabelKey, bodyViewLabelKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

type Shape = { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number } | { kind: 'rect'; x: number; y: number; w: number; h: number; r: number };

const head: Shape = { kind: 'ellipse', cx: 100, cy: 38, rx: 24, ry: 30 };
const neck: Shape = { kind: 'rect', x: 88, y: 68, w: 24, h: 18, r: 4 };
const trunkTop: Shape = { kind: 'rect', x: 64, y: 86, w: 72, h: 64, r: 12 };
// The figure faces the reader on the front view, so the member's left is on the reader's right;
// on the back view it is on the reader's left. Every region's name says which side it is.
const readerLeftArm: Shape = { kind: 'rect', x: 34, y: 90, w: 28, h: 132, r: 14 };
const readerRightArm: Shape = { kind: 'rect', x: 138, y: 90, w: 28, h: 132, r: 14 };

/** Regions of each view, by main part (SPEC §3 body main parts 0–11). */
const regions: Record<BodyView, { part: BodyMainPart; shape: Shape }[]> = {
  [BodyView.front]: [
    { part: BodyMainPart.face, shape: head },
    { part: BodyMainPart.neck, shape: neck },
    { part: BodyMainPart.chest, shape: trunkTop },
    { part: BodyMainPart.abdomen, shape: { kind: 'rect', x: 66, y: 150, w: 68, h: 64, r: 10 } },
    { part: BodyMainPart.rightUpperLimb, shape: readerLeftArm },
    { part: BodyMainPart.leftUpperLimb, shape: readerRightArm },
    { part: BodyMainPart.rightLowerLimb, shape: { kind: 'rect', x: 68, y: 216, w: 30, h: 188, r: 14 } },
    { part: BodyMainPart.leftLowerLimb, shape: { kind: 'rect', x: 102, y: 216, w: 30, h: 188, r: 14 } },
  ],
  [BodyView.back]: [
    { part: BodyMainPart.head, shape: head },
    { part: BodyMainPart.neck, shape: neck },
    { part: BodyMainPart.upperBack, shape: trunkTop },
    { part: BodyMainPart.lowerBack, shape: { kind: 'rect', x: 66, y: 150, w: 68, h: 40, r: 8 } },
    { part: BodyMainPart.buttocks, shape: { kind: 'rect', x: 66, y: 190, w: 68, h: 32, r: 12 } },
    { part: BodyMainPart.leftUpperLimb, shape: readerLeftArm },
    { part: BodyMainPart.rightUpperLimb, shape: readerRightArm },
    { part: BodyMainPart.leftLowerLimb, shape: { kind: 'rect', x: 68, y: 224, w: 30, h: 180, r: 14 } },
    { part: BodyMainPart.rightLowerLimb, shape: { kind: 'rect', x: 102, y: 224, w: 30, h: 180, r: 14 } },
  ],
};

export type MarkedPart = { view: BodyView; part: BodyMainPart; intensity: number | null };

/**
 * A clickable body map, front and back (the Brief Pain Inventory's diagram): each main part is a
 * button named by its part and view ("Left upper limb, back"), toggled by click, Enter or Space;
 * a marked part is filled by its intensity and says so to a screen reader (pressed).
 */
export function BodyMap({ marked, onToggle }: { marked: MarkedPart[]; onToggle: (view: BodyView, part: BodyMainPart) => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const markOf = (view: BodyView, part: BodyMainPart) => marked.find((m) => m.view === view && m.part === part);
  const key = (view: BodyView, part: BodyMainPart) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onToggle(view, part);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
      {[BodyView.front, BodyView.back].map((view) => (
        <Box key={view} sx={{ textAlign: 'center', flex: '1 1 0', maxWidth: 180 }}>
          <Typography variant="subtitle2" component="h3">
            {t(bodyViewLabelKey[view])}
          </Typography>
          <svg viewBox="0 0 200 410" width="100%" role="group" aria-label={t('careRecords.symptom.mapOf', { view: t(bodyViewLabelKey[view]) })}>
            {regions[view].map(({ part, shape }) => {
              const mark = markOf(view, part);
              const level = mark ? Math.max(0.25, (mark.intensity ?? 5) / 10) : 0;
              const name = t('careRecords.symptom.region', { part: t(bodyMainPartLabelKey[part]), view: t(bodyViewLabelKey[view]) });
              const common = {
                role: 'button',
                tabIndex: 0,
                'aria-label': name,
                'aria-pressed': Boolean(mark),
                onClick: () => onToggle(view, part),
                onKeyDown: key(view, part),
                fill: mark ? theme.palette.error.main : theme.palette.action.hover,
                fillOpacity: mark ? level : 1,
                stroke: mark ? theme.palette.error.dark : theme.palette.text.secondary,
                strokeWidth: mark ? 3 : 1.5,
                style: { cursor: 'pointer', outlineOffset: 2 },
              } as const;
              return shape.kind === 'ellipse' ? (
                <ellipse key={part} cx={shape.cx} cy={shape.cy} rx={shape.rx} ry={shape.ry} {...common}>
                  <title>{name}</title>
                </ellipse>
              ) : (
                <rect key={part} x={shape.x} y={shape.y} width={shape.w} height={shape.h} rx={shape.r} {...common}>
                  <title>{name}</title>
                </rect>
              );
            })}
            {/* Which side is which, in words under the figure (colour and position are not the only cue). */}
            <text x="16" y="404" fontSize="14" fill={theme.palette.text.secondary} aria-hidden>
              {view === BodyView.front ? t('careRecords.symptom.right') : t('careRecords.symptom.left')}
            </text>
            <text x="184" y="404" fontSize="14" textAnchor="end" fill={theme.palette.text.secondary} aria-hidden>
              {view === BodyView.front ? t('careRecords.symptom.left') : t('careRecords.symptom.right')}
            </text>
          </svg>
        </Box>
      ))}
    </Stack>
  );
}
