import type uPlot from 'uplot';
import { type ChartPalette, toneColour } from '../palette.ts';
import type { SeriesSpec, ThresholdLine } from './spec.ts';

/**
 * Reference lines are painted on the chart canvas itself (not as DOM overlays) so a downloaded
 * PNG carries them with their labels.
 */
export function thresholdPlugin(lines: readonly ThresholdLine[], palette: ChartPalette): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        if (lines.length === 0) return;
        const { ctx } = u;
        const { left, top, width, height } = u.bbox;
        const dpr = uPlotPxRatio();
        ctx.save();
        ctx.lineWidth = 1.5 * dpr;
        ctx.setLineDash([6 * dpr, 4 * dpr]);
        ctx.font = `${12 * dpr}px system-ui, sans-serif`;
        ctx.textAlign = 'right';
        for (const line of lines) {
          const y = Math.round(u.valToPos(line.value, 'y', true));
          if (y < top || y > top + height) continue;
          const colour = toneColour(palette, line.tone);
          ctx.strokeStyle = colour;
          ctx.beginPath();
          ctx.moveTo(left, y);
          ctx.lineTo(left + width, y);
          ctx.stroke();
          ctx.fillStyle = colour;
          ctx.textBaseline = y - top < 16 * dpr ? 'top' : 'bottom';
          ctx.fillText(line.label, left + width - 4 * dpr, ctx.textBaseline === 'top' ? y + 3 * dpr : y - 3 * dpr);
        }
        ctx.restore();
      },
    },
  };
}

function uPlotPxRatio(): number {
  return typeof devicePixelRatio === 'number' ? devicePixelRatio : 1;
}

/**
 * A DOM tooltip following the cursor with the time and every series' value at that point.
 * Built with textContent only: labels are translated strings, never HTML.
 */
export function tooltipPlugin(
  series: readonly SeriesSpec[],
  palette: ChartPalette,
  formatTime: (seconds: number) => string,
  formatValue: (value: number) => string,
): uPlot.Plugin {
  let box: HTMLDivElement | null = null;
  return {
    hooks: {
      init: (u) => {
        box = document.createElement('div');
        box.className = 'vigil-chart-tooltip';
        box.setAttribute('role', 'status');
        Object.assign(box.style, {
          position: 'absolute',
          pointerEvents: 'none',
          display: 'none',
          zIndex: '2',
          padding: '6px 8px',
          borderRadius: '6px',
          font: '12px system-ui, sans-serif',
          lineHeight: '1.5',
          whiteSpace: 'nowrap',
          background: palette.tooltipBackground,
          color: palette.tooltipText,
          border: `1px solid ${palette.grid}`,
          boxShadow: '0 2px 8px rgba(0,0,0,0.18)',
        } satisfies Partial<CSSStyleDeclaration>);
        u.over.appendChild(box);
      },
      setCursor: (u) => {
        if (!box) return;
        const idx = u.cursor.idx;
        const { left, top } = u.cursor;
        if (idx == null || left == null || top == null || left < 0) {
          box.style.display = 'none';
          return;
        }
        const rows: [string, string, string][] = [];
        series.forEach((s, i) => {
          const v = u.data[i + 1][idx];
          if (v == null) return;
          rows.push([s.color ?? palette.series[(s.colorIndex ?? i) % palette.series.length], s.label, `${formatValue(v)}${s.unit ? ` ${s.unit}` : ''}`]);
        });
        if (rows.length === 0) {
          box.style.display = 'none';
          return;
        }
        box.replaceChildren(line(formatTime(u.data[0][idx]), true), ...rows.map(([c, l, v]) => line(`${l}: ${v}`, false, c)));
        box.style.display = 'block';
        const overWidth = u.over.clientWidth;
        const x = left + 12 + box.offsetWidth > overWidth ? left - 12 - box.offsetWidth : left + 12;
        box.style.left = `${Math.max(0, x)}px`;
        box.style.top = `${Math.max(0, top - box.offsetHeight - 8)}px`;
      },
      destroy: () => {
        box?.remove();
        box = null;
      },
    },
  };
}

function line(text: string, strong: boolean, colour?: string): HTMLDivElement {
  const div = document.createElement('div');
  if (strong) div.style.fontWeight = '600';
  if (colour) {
    const dot = document.createElement('span');
    Object.assign(dot.style, { display: 'inline-block', width: '8px', height: '8px', borderRadius: '50%', marginRight: '6px', background: colour });
    div.appendChild(dot);
  }
  div.appendChild(document.createTextNode(text));
  return div;
}
