import type { Cell } from './model.js';

/**
 * Where the answer key's chain arrows and step badges fall, in cells (x across, y down, a cell's
 * side 1): the generator prefers a chain whose arrows neither cross nor touch, and each badge
 * goes in a corner of its cell that no arrow runs over. The key draws them (task-draw.ts) from
 * the same figures.
 */
type Point = [number, number];

/** Half the width and height of a printed number, in cells, with a margin (board-draw sizes numbers inside this). */
export const NUMBER_HALF = { w: 0.36, h: 0.24 };

/** A step's badge: a disc of this radius in its cell's top-left corner, its centre this far in along both sides. */
export const BADGE = { r: 0.16, at: 0.195 };

const BADGE_CLEAR = BADGE.r + 0.08; // the arrow's half-width and its head's, and a little white
const LINE_CLEAR = 0.25;

const centreOf = (c: Cell): Point => [c[1] + 0.5, c[0] + 0.5];

/** The part of the line from a's centre to b's that an arrow takes: from the edge of one number's space to the other's. */
export function arrowLine(a: Cell, b: Cell): [Point, Point] {
  const p = centreOf(a);
  const q = centreOf(b);
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  const ux = (q[0] - p[0]) / len;
  const uy = (q[1] - p[1]) / len;
  const gap = Math.min(ux ? NUMBER_HALF.w / Math.abs(ux) : Infinity, uy ? NUMBER_HALF.h / Math.abs(uy) : Infinity);
  return [
    [p[0] + ux * gap, p[1] + uy * gap],
    [q[0] - ux * gap, q[1] - uy * gap],
  ];
}

function toSegment(p: Point, [s, e]: [Point, Point]): number {
  const dx = e[0] - s[0];
  const dy = e[1] - s[1];
  const t = Math.max(0, Math.min(1, ((p[0] - s[0]) * dx + (p[1] - s[1]) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p[0] - s[0] - t * dx, p[1] - s[1] - t * dy);
}

const side = (a: Point, b: Point, c: Point) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));

function between(l: [Point, Point], m: [Point, Point]): number {
  const [a, b] = l;
  const [c, d] = m;
  if (side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0) return 0;
  return Math.min(toSegment(a, m), toSegment(b, m), toSegment(c, l), toSegment(d, l));
}

/** Can the chain so far go on to `next` with its arrow clear of every arrow already drawn? */
export function clearInKey(path: Cell[], next: Cell): boolean {
  const line = arrowLine(path[path.length - 1]!, next);
  return path.slice(1).every((c, i) => between(arrowLine(path[i]!, c), line) >= LINE_CLEAR);
}

const CORNERS: Point[] = [
  [BADGE.at, BADGE.at],
  [1 - BADGE.at, BADGE.at],
  [BADGE.at, 1 - BADGE.at],
  [1 - BADGE.at, 1 - BADGE.at],
];

/**
 * Where each step's badge goes in its cell (x, y from the cell's top-left, in cells): the top-left
 * corner unless an arrow runs there, then the first corner clear of every arrow, or the one
 * farthest from them.
 */
export function badgeSpots(path: Cell[]): Point[] {
  const lines = path.slice(1).map((c, i) => arrowLine(path[i]!, c));
  return path.map(([r, c]) => {
    const room = CORNERS.map(([x, y]) => Math.min(Infinity, ...lines.map((l) => toSegment([c + x, r + y], l))));
    const clear = room.findIndex((d) => d >= BADGE_CLEAR);
    return CORNERS[clear >= 0 ? clear : room.indexOf(Math.max(...room))]!;
  });
}
