import { afterEach, describe, expect, it, vi } from 'vitest';
import { dobble } from '../src/kinds/dobble/index.js';
import { Draw, MM, type Point } from '../src/pdf/draw.js';
import { renderDeckPages } from './helpers/deck-pages.js';

/**
 * Hexagon cards for a print shop (--bleed): a hexagon is cut along its six sides, so its crop marks
 * are those sides carried on past the corners, outside the bleed (they were the four corners of the
 * card's box, where no cut goes). Read from what is drawn: each back's bleed, the back's colour
 * printed 3 mm past the cut, gives the card's hexagon.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

type Seg = [Point, Point];

async function drawn(paper: 'a4' | 'letter', bleed: number) {
  let page = -1;
  const lines: { page: number; seg: Seg; stroke: string; width: number }[] = [];
  const fills: { page: number; pts: Point[] }[] = [];
  const proto = Draw.prototype;
  const { polygon, line } = proto;
  vi.spyOn(proto, 'polygon').mockImplementation(function (this: Draw, pts, style = {}) {
    if (style.fill === '#e8f0fa' && pts.every((p) => p[0] > 0)) fills.push({ page, pts: pts.map((p) => [p[0], p[1]] as Point) });
    return polygon.call(this, pts, style);
  });
  vi.spyOn(proto, 'line').mockImplementation(function (this: Draw, x1, y1, x2, y2, style = {}) {
    lines.push({ page, seg: [[x1, y1], [x2, y2]], stroke: String(style.stroke ?? ''), width: style.width ?? 0 });
    return line.call(this, x1, y1, x2, y2, style);
  });
  const options = dobble.schema.parse({ shape: 'hexagon', cards: 6, bleed: String(bleed), backs: true });
  await renderDeckPages(options, paper, 'hex', (i) => {
    page = i;
  });
  return { lines, fills };
}

const sub = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1]];
const cross = (a: Point, b: Point) => a[0] * b[1] - a[1] * b[0];
const dot = (a: Point, b: Point) => a[0] * b[0] + a[1] * b[1];
const centre = (pts: Point[]): Point => [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];

/** How far a point lies outside a convex polygon (negative: inside). */
function outside(p: Point, poly: Point[]): number {
  const c = centre(poly);
  let most = -Infinity;
  poly.forEach((a, i) => {
    const b = poly[(i + 1) % poly.length]!;
    const e = sub(b, a);
    const n: Point = [e[1] / Math.hypot(...e), -e[0] / Math.hypot(...e)];
    const sign = dot(n, sub(c, a)) > 0 ? -1 : 1; // the normal pointing away from the centre
    most = Math.max(most, sign * dot(n, sub(p, a)));
  });
  return most;
}

function crosses(s: Seg, t: Seg): boolean {
  const d1 = cross(sub(s[1], s[0]), sub(t[0], s[0]));
  const d2 = cross(sub(s[1], s[0]), sub(t[1], s[0]));
  const d3 = cross(sub(t[1], t[0]), sub(s[0], t[0]));
  const d4 = cross(sub(t[1], t[0]), sub(s[1], t[0]));
  return d1 * d2 < 0 && d3 * d4 < 0;
}

describe('hexagon cards with a bleed: crop marks along the sides a teacher cuts', () => {
  for (const [paper, bleed] of [['a4', 3], ['letter', 3], ['a4', 0], ['a4', 6]] as const) {
    it(`${paper}, --bleed ${bleed}`, async () => {
      const { lines, fills } = await drawn(paper, bleed);
      const marks = lines.filter((l) => l.stroke === '#000000' && l.width === 0.3);
      const backs = fills.filter((f) => f.page === 1);
      if (bleed > 0) expect(backs).toHaveLength(6);
      // the card: its bleed pulled in by the bleed's width on every side
      const cards = backs.map(({ pts }) => {
        const c = centre(pts);
        const apothem = Math.hypot(...sub(centre([pts[0]!, pts[1]!]), c));
        const k = 1 - (bleed * MM) / apothem;
        return pts.map((p) => [c[0] + (p[0] - c[0]) * k, c[1] + (p[1] - c[1]) * k] as Point);
      });
      for (const page of bleed > 0 ? [1] : []) {
        const here = marks.filter((m) => m.page === page).map((m) => m.seg);
        expect(here).toHaveLength(6 * 12);
        const used = new Set<number>();
        for (const card of cards) {
          card.forEach((a, i) => {
            const b = card[(i + 1) % 6]!;
            const side = sub(b, a);
            const len = Math.hypot(...side);
            // on the side's line, beyond one corner or the other
            const along = (p: Point) => dot(sub(p, a), side) / len / len;
            const off = (p: Point) => Math.abs(cross(side, sub(p, a))) / len;
            // near that corner: a row's top sides are one line, which the next card's marks are on too
            const near = (s: Seg, corner: Point) => Math.max(...s.map((p) => Math.hypot(...sub(p, corner)))) < 20 * MM;
            for (const [beyond, corner] of [[(t: number) => t < 0, a], [(t: number) => t > 1, b]] as const) {
              const k = here.findIndex((s) => off(s[0]) < 0.01 && off(s[1]) < 0.01 && beyond(along(s[0])) && beyond(along(s[1])) && near(s, corner));
              expect(k, `a mark past corner ${i} of a card`).toBeGreaterThanOrEqual(0);
              used.add(k);
            }
          });
        }
        expect(used.size).toBe(here.length);
        // never on a card or its bleed, and never across another mark
        for (const s of here) {
          for (let t = 0; t <= 10; t++) {
            const p: Point = [s[0][0] + ((s[1][0] - s[0][0]) * t) / 10, s[0][1] + ((s[1][1] - s[0][1]) * t) / 10];
            for (const bled of backs) expect(outside(p, bled.pts) / MM).toBeGreaterThan(0.5);
          }
        }
        for (let i = 0; i < here.length; i++) for (let j = i + 1; j < here.length; j++) expect(crosses(here[i]!, here[j]!)).toBe(false);
      }
      // the fronts have the same marks, twelve a card
      expect(marks.filter((m) => m.page === 0)).toHaveLength(6 * 12);
    });
  }
});
