import type { Rng } from '../../core/rng.js';

export type Shape = 'round' | 'square' | 'hexagon';

/**
 * One symbol on a card, in card units: the card's half-width is 1 and its centre is (0, 0).
 * The symbol's art fits the disc of radius r around (x, y); rot is in degrees.
 */
export interface Placement {
  symbol: number;
  x: number;
  y: number;
  r: number;
  rot: number;
}

/** Safe band inside the card edge (card units): 3 mm on an 85 mm card, room for a card number. */
export const EDGE_MARGIN = 0.07;
/** Clear space kept between two symbols' discs. */
export const GAP = 0.025;

const SQRT3_2 = Math.sqrt(3) / 2;
/** Outward normals of a flat-topped hexagon's edges; its apothem is sqrt(3)/2 when the half-width is 1. */
const HEX_NORMALS: [number, number][] = [
  [SQRT3_2, 0.5], [0, 1], [-SQRT3_2, 0.5], [-SQRT3_2, -0.5], [0, -1], [SQRT3_2, -0.5],
];

/** Area of the usable card in card units (for choosing symbol sizes). */
function area(shape: Shape): number {
  const inner = 1 - EDGE_MARGIN;
  if (shape === 'round') return Math.PI * inner * inner;
  if (shape === 'square') return 4 * inner * inner;
  const apothem = SQRT3_2 - EDGE_MARGIN;
  return 2 * Math.sqrt(3) * apothem * apothem;
}

/** Moves p to the nearest point where a disc of radius r lies inside the card's safe area. */
function projectInside(shape: Shape, p: { x: number; y: number }, r: number): void {
  if (shape === 'round') {
    const lim = 1 - EDGE_MARGIN - r;
    const d = Math.hypot(p.x, p.y);
    if (d > lim) {
      p.x *= lim / d;
      p.y *= lim / d;
    }
  } else if (shape === 'square') {
    const lim = 1 - EDGE_MARGIN - r;
    p.x = Math.max(-lim, Math.min(lim, p.x));
    p.y = Math.max(-lim, Math.min(lim, p.y));
  } else {
    const lim = SQRT3_2 - EDGE_MARGIN - r;
    // alternating projections onto the six half-planes converge quickly for a convex hexagon
    for (let pass = 0; pass < 4; pass++) {
      for (const [nx, ny] of HEX_NORMALS) {
        const over = p.x * nx + p.y * ny - lim;
        if (over > 0) {
          p.x -= over * nx;
          p.y -= over * ny;
        }
      }
    }
  }
}

/** How far a disc pokes outside the safe area (<= 0 when inside). */
export function outside(shape: Shape, x: number, y: number, r: number): number {
  if (shape === 'round') return Math.hypot(x, y) + r - (1 - EDGE_MARGIN);
  if (shape === 'square') return Math.max(Math.abs(x), Math.abs(y)) + r - (1 - EDGE_MARGIN);
  return Math.max(...HEX_NORMALS.map(([nx, ny]) => x * nx + y * ny)) + r - (SQRT3_2 - EDGE_MARGIN);
}

/** Largest symbol over smallest: 3 while cards are roomy, less when many symbols must share a card. */
export const WORD_RATIO = 1.8; // words shrink with their length already; more variety makes short ones unreadable

export function sizeRatio(k: number): number {
  if (k <= 9) return 3;
  if (k <= 13) return 2.5;
  return 2.2;
}

/**
 * Seeded packing: radii spread evenly between 1 and sizeRatio, a scale that fills about two
 * thirds of the card, then relaxation (push overlapping pairs apart, pull strays back inside).
 * If it has not settled after a while, every disc shrinks a little and relaxation goes on, so
 * it always ends with a layout where no discs touch and none crosses the safe margin.
 */
export function layoutCard(symbols: number[], shape: Shape, rng: Rng, maxTilt = 180, ratio = sizeRatio(symbols.length)): Placement[] {
  const k = symbols.length;
  const order = rng.shuffle(symbols.map((_, i) => i));
  const factors = order.map((i) => 1 + ((ratio - 1) * i) / Math.max(1, k - 1));
  const sumSq = factors.reduce((a, f) => a + f * f, 0);
  let scale = Math.sqrt((0.72 * area(shape)) / (Math.PI * sumSq));
  const pts = symbols.map(() => {
    // start near the middle; relaxation spreads them out evenly
    const a = rng.float() * 2 * Math.PI;
    const d = Math.sqrt(rng.float()) * 0.5;
    return { x: d * Math.cos(a), y: d * Math.sin(a) };
  });
  const radius = (i: number) => factors[i]! * scale;
  while (!relax(pts, radius, shape, rng, 60)) scale *= 0.985;
  return symbols.map((symbol, i) => ({
    symbol,
    x: pts[i]!.x,
    y: pts[i]!.y,
    r: radius(i),
    rot: maxTilt >= 180 ? rng.int(0, 359) : rng.int(-maxTilt, maxTilt),
  }));
}

/** Up to `rounds` of pushing overlapping pairs apart and pulling strays inside; true once settled. */
function relax(pts: { x: number; y: number }[], radius: (i: number) => number, shape: Shape, rng: Rng, rounds: number): boolean {
  const k = pts.length;
  for (let round = 0; round < rounds; round++) {
    let worst = 0;
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        const a = pts[i]!;
        const b = pts[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let d = Math.hypot(dx, dy);
        if (d < 1e-9) {
          dx = rng.float() - 0.5;
          dy = rng.float() - 0.5;
          d = Math.hypot(dx, dy);
        }
        const over = radius(i) + radius(j) + GAP - d;
        if (over > 0) {
          worst = Math.max(worst, over);
          // the bigger disc moves less, like a heavier coin
          const ri = radius(i) ** 2;
          const rj = radius(j) ** 2;
          const mi = (over * rj) / (ri + rj);
          const mj = (over * ri) / (ri + rj);
          a.x -= (dx / d) * mi * 1.02;
          a.y -= (dy / d) * mi * 1.02;
          b.x += (dx / d) * mj * 1.02;
          b.y += (dy / d) * mj * 1.02;
        }
      }
    }
    for (let i = 0; i < k; i++) projectInside(shape, pts[i]!, radius(i));
    if (worst < GAP / 2 && settled(pts, k, radius)) return true;
  }
  return false;
}

/** True when, after the last projection, every pair keeps at least half the gap. */
function settled(pts: { x: number; y: number }[], k: number, radius: (i: number) => number): boolean {
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const d = Math.hypot(pts[j]!.x - pts[i]!.x, pts[j]!.y - pts[i]!.y);
      if (d < radius(i) + radius(j) + GAP / 2) return false;
    }
  }
  return true;
}
