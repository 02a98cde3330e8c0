import { describe, expect, it } from 'vitest';
import type { Point, Stroke, TextStyle, Box } from '../src/pdf/draw.js';
import { drawAnswer, drawPuzzle } from '../src/kinds/flow/render.js';
import type { FlowModel } from '../src/kinds/flow/model.js';
import { RecordingDraw } from './helpers/record-draw.js';

/** The grey a printer or `pdftoppm -gray` makes of a colour (ITU-R 601 weights), 0 to 255. */
function grey(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b!;
}

/** WCAG contrast of two greys. */
function contrast(a: number, b: number): number {
  const lum = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Notes the colour of every dot, line and label, in drawing order. */
class ColourDraw extends RecordingDraw {
  dots: string[] = [];
  strokes: string[] = [];
  inks: { text: string; color: string }[] = [];
  override circle(cx: number, cy: number, r: number, style: Stroke = {}): void {
    if (style.fill) this.dots.push(style.fill);
    super.circle(cx, cy, r, style);
  }
  override polyline(points: Point[], style: Stroke = {}): void {
    if (style.stroke) this.strokes.push(style.stroke);
    super.polyline(points, style);
  }
  override text(text: string, box: Box, style: TextStyle = {}): void {
    this.inks.push({ text, color: style.color ?? '#000000' });
    super.text(text, box, style);
  }
}

/** A puzzle of n lines, each across its own row of three squares: line k is labelled k. */
function lines(n: number): FlowModel {
  const rows = Array.from({ length: n }, (_, r) => r);
  return {
    width: 3,
    height: n,
    difficulty: 'medium',
    endpoints: rows.map((r) => ({ label: String(r + 1), cells: [[r, 0], [r, 2]] })),
    paths: rows.map((r) => ({ label: String(r + 1), cells: [[r, 0], [r, 1], [r, 2]] })),
  };
}

/** Each line's colour in the answer key, with its dots' colour and its label's ink, by label. */
function colours(n: number) {
  const d = new ColourDraw();
  drawAnswer(d, { x: 50, y: 50, w: 300, h: 700 }, lines(n));
  const puzzle = new ColourDraw();
  drawPuzzle(puzzle, { x: 50, y: 50, w: 300, h: 700 }, lines(n));
  // Each line is drawn twice, outline then colour; each line has two dots and two labels.
  const line = d.strokes.filter((_, i) => i % 2 === 1);
  expect(line).toHaveLength(n);
  expect(d.dots).toHaveLength(2 * n);
  expect(puzzle.dots).toEqual(d.dots);
  return line.map((stroke, k) => ({ stroke, dot: d.dots[2 * k]!, ink: d.inks[2 * k]!.color, label: d.inks[2 * k]!.text }));
}

function smallestGap(n: number): { gap: number; pair: string } {
  const c = colours(n);
  let best = { gap: Infinity, pair: '' };
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const gap = Math.abs(grey(c[i]!.stroke) - grey(c[j]!.stroke));
      if (gap < best.gap) best = { gap, pair: `${c[i]!.label} ${c[i]!.stroke} and ${c[j]!.label} ${c[j]!.stroke}` };
    }
  }
  return best;
}

describe('flow colours printed in grey', () => {
  it('each line is the colour of its dots, on the puzzle page and in the key', () => {
    for (const c of colours(20)) expect(c.dot).toBe(c.stroke);
  });

  // The few lines of small grids stay far apart; the 6 to 8 of the default 8x8 medium still
  // clearly apart; up to fifteen (8x8 easy, 10x10) apart; past that the labels carry the
  // meaning, but no two of the twenty colours print as the same grey.
  const needs: [number, number][] = [[4, 60], [8, 29], [15, 14], [20, 6]];
  for (const [n, gap] of needs) {
    it(`any two of a puzzle's ${n} lines are at least ${gap} grey levels apart`, () => {
      const got = smallestGap(n);
      expect(got.gap, got.pair).toBeGreaterThanOrEqual(gap);
    });
  }

  it('every dot label reads on its dot in grey, at 4.5:1 or better', () => {
    for (const c of colours(20)) {
      expect(contrast(grey(c.dot), grey(c.ink)), `label ${c.label} ${c.ink} on ${c.dot}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
