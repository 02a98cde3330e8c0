import type { Rng } from '../../core/rng.js';
import type { Outline } from './outline.js';

export type Shape = 'round' | 'square' | 'hexagon';

/**
 * One symbol on a card, in card units: the card's half-width is 1 and its centre is (0, 0), y down.
 * The symbol is drawn with radius r around (x, y) (its art fits that disc), turned by rot degrees.
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
/** Clear space between the paint of two pictures: about 1.3 mm on an 85 mm card. */
export const GAP = 0.018;

const SQRT3_2 = Math.sqrt(3) / 2;
/** Outward normals of a flat-topped hexagon's edges; its apothem is sqrt(3)/2 when the half-width is 1. */
const HEX_NORMALS: [number, number][] = [
  [SQRT3_2, 0.5], [0, 1], [-SQRT3_2, 0.5], [-SQRT3_2, -0.5], [0, -1], [SQRT3_2, -0.5],
];

/** Distance from a point to the card's edge, positive inside (card units). */
export function edgeDistance(shape: Shape, x: number, y: number): number {
  if (shape === 'round') return 1 - Math.hypot(x, y);
  if (shape === 'square') return 1 - Math.max(Math.abs(x), Math.abs(y));
  let most = -Infinity;
  for (const [nx, ny] of HEX_NORMALS) most = Math.max(most, x * nx + y * ny);
  return SQRT3_2 - most;
}

/** Area of the card in card units. */
export function cardArea(shape: Shape): number {
  if (shape === 'round') return Math.PI;
  if (shape === 'square') return 4;
  return (3 * Math.sqrt(3)) / 2;
}

/** Largest symbol over smallest: 3 while cards are roomy, less when many symbols must share a card. */
export const WORD_RATIO = 1.8; // more variety makes the shortest words look shouted and the rest small

export function sizeRatio(k: number): number {
  if (k <= 9) return 3;
  if (k <= 13) return 2.5;
  return 2.2;
}

export interface CardStyle {
  /** Most degrees from level: 180 turns pictures any way, words stay within 30. */
  tilt: number;
  /** Largest over smallest. */
  ratio: number;
  /** Clear space between two symbols' paint (card units). */
  gap: number;
  outline(symbol: number): Outline;
  /** Radius per unit of scale (words: their half-diagonal per point of font size); default 1. */
  unit?(symbol: number): number;
  /** Smallest scale allowed (words: 9 pt); packing below it fails with null. */
  minScale?: number;
}

/** Cells across the card in the packing grid: 0.66 mm on an 85 mm card. */
const G = 160;
const CELL = 2 / G;
const HALF_DIAG = (CELL * Math.SQRT2) / 2;

interface Footprint {
  /** Row offsets and column runs from the centre cell: dy, x0, x1 (inclusive) triples, middle rows first. */
  runs: Int16Array;
  /** A few covered cells (dx, dy pairs), the centre and the far ends: most misfits show there at once. */
  probes: Int16Array;
  /** Covers its own centre cell: then it fits nowhere whose centre cell is taken. */
  centre: boolean;
}

/** Keeps the covered cell farthest out in each of 8 directions (d, dx, dy triples). */
function tip(tips: Float64Array, ex: number, dy: number): void {
  const dir = Math.round((Math.atan2(dy, ex) / Math.PI) * 4 + 8) % 8;
  const d = ex * ex + dy * dy;
  if (d > tips[dir * 3]!) {
    tips[dir * 3] = d;
    tips[dir * 3 + 1] = ex;
    tips[dir * 3 + 2] = dy;
  }
}

/**
 * Cells whose centre may lie within `reach` of the paint of a symbol of radius r turned by rot,
 * centred on a cell centre. Two symbols whose footprints (reach = half the gap plus half a cell
 * diagonal) share no cell keep at least the gap between their paint.
 */
function footprint(o: Outline, r: number, rot: number, reach: number): Footprint {
  const a = (rot * Math.PI) / 180;
  const span = Math.ceil((r + reach) / CELL);
  // one cell step on the card, in the symbol's own grid cells (the inverse of drawSymbol's turn)
  const k = (CELL / r) * (o.n / 2);
  const cx = Math.cos(a) * k;
  const sx = -Math.sin(a) * k;
  const limit = reach / r + o.slack;
  const beyond = reach / r;
  const half = o.n / 2;
  const { dist, n } = o;
  const rows: number[] = [];
  const tips = new Float64Array(8 * 3).fill(-1);
  let centre = false;
  for (let dy = -span; dy <= span; dy++) {
    let start = NaN;
    // only the disc the symbol can reach: its corners of the square are always clear
    const w = Math.ceil(Math.sqrt(Math.max(0, (span + 1) * (span + 1) - dy * dy)));
    // grid coordinates of the point (dx, dy) cells from the centre, in the symbol's frame
    let gx = half + (-w * cx - dy * sx);
    let gy = half + (-w * sx + dy * cx);
    for (let dx = -w; dx <= w + 1; dx++, gx += cx, gy += sx) {
      let hit = false;
      if (dx <= w) {
        // inside the outline's grid (truncation is flooring there), else near its disc
        if (gx >= 0 && gy >= 0 && gx < n && gy < n) hit = dist[(gy | 0) * n + (gx | 0)]! <= limit;
        else hit = Math.hypot(gx - half, gy - half) / half - 1 <= beyond;
      }
      if (hit && Number.isNaN(start)) start = dx;
      if (!hit && !Number.isNaN(start)) {
        rows.push(dy, start, dx - 1);
        if (dy === 0 && start <= 0 && dx > 0) centre = true;
        tip(tips, start, dy);
        tip(tips, dx - 1, dy);
        start = NaN;
      }
    }
  }
  const order = Array.from({ length: rows.length / 3 }, (_, i) => i).sort((p, q) => Math.abs(rows[3 * p]!) - Math.abs(rows[3 * q]!) || p - q);
  const runs = new Int16Array(rows.length);
  order.forEach((from, to) => runs.set(rows.slice(3 * from, 3 * from + 3), 3 * to));
  // probes: the centre if covered, and the covered cell farthest out in each of 8 directions
  const probes: number[] = centre ? [0, 0] : [];
  for (let d = 0; d < 8; d++) if (tips[d * 3]! >= 0) probes.push(tips[d * 3 + 1]!, tips[d * 3 + 2]!);
  return { runs, probes: Int16Array.from(probes), centre };
}

/** The packing grid of one card: occupied cells and per-row counts for constant-time run tests. */
class Board {
  occ: Uint8Array; // how many footprints (or the edge band) hold each cell
  pre: Int32Array; // pre[row * (G + 1) + x] = occupied cells in row before column x

  constructor(base: Uint8Array) {
    this.occ = base.slice();
    this.pre = new Int32Array(G * (G + 1));
    for (let y = 0; y < G; y++) this.sumRow(y);
  }

  /** Recounts row y from column `from` on (the counts before it are unchanged). */
  sumRow(y: number, from = 0): void {
    const o = y * (G + 1);
    let n = this.pre[o + from]!;
    for (let x = from; x < G; x++) {
      if (this.occ[y * G + x]) n++;
      this.pre[o + x + 1] = n;
    }
  }

  fits(f: Footprint, cx: number, cy: number): boolean {
    const p = f.probes;
    for (let k = 0; k < p.length; k += 2) {
      const x = cx + p[k]!;
      const y = cy + p[k + 1]!;
      if (x < 0 || y < 0 || x >= G || y >= G || this.occ[y * G + x]) return false;
    }
    const r = f.runs;
    for (let k = 0; k < r.length; k += 3) {
      const y = cy + r[k]!;
      const x0 = cx + r[k + 1]!;
      const x1 = cx + r[k + 2]!;
      if (y < 0 || y >= G || x0 < 0 || x1 >= G) return false;
      const o = y * (G + 1);
      if (this.pre[o + x1 + 1] !== this.pre[o + x0]) return false;
    }
    return true;
  }

  /** Adds a footprint (delta 1) or takes it away again (delta -1). */
  put(f: Footprint, cx: number, cy: number, delta = 1): void {
    const r = f.runs;
    // per row, the first column whose count may change: rows are recounted from there only
    const from = this.from;
    let lo = G;
    let hi = -1;
    for (let k = 0; k < r.length; k += 3) {
      const y = cy + r[k]!;
      const x0 = cx + r[k + 1]!;
      for (let x = x0; x <= cx + r[k + 2]!; x++) this.occ[y * G + x] += delta;
      if (y < lo) lo = y;
      if (y > hi) hi = y;
      if (x0 < from[y]!) from[y] = x0;
    }
    for (let y = lo; y <= hi; y++) {
      if (from[y]! < G) this.sumRow(y, from[y]!);
      from[y] = G;
    }
  }

  private from = new Int32Array(G).fill(G);
}

const bases = new Map<string, Uint8Array>();

/**
 * Cells a footprint may not use: those whose centre is too near the edge. A footprint reaches
 * half a gap and half a cell diagonal beyond the paint, so the band is narrowed by as much.
 */
function baseBoard(shape: Shape, gap: number): Uint8Array {
  const key = `${shape}/${gap}`;
  let b = bases.get(key);
  if (!b) {
    b = new Uint8Array(G * G);
    const need = EDGE_MARGIN - gap / 2 + HALF_DIAG;
    for (let y = 0; y < G; y++) {
      for (let x = 0; x < G; x++) {
        if (edgeDistance(shape, -1 + (x + 0.5) * CELL, -1 + (y + 0.5) * CELL) < need) b[y * G + x] = 1;
      }
    }
    bases.set(key, b);
  }
  return b;
}

/**
 * Points the symbols are packed towards: six points on the rim. Like sand poured into a tilted
 * bowl, biggest first, they settle against the edge and each other; packing towards the middle
 * left a ring of empty card (about 15% less card used).
 */
const PULLS: [number, number][] = [0, 1, 2, 3, 4, 5].map((i): [number, number] => [Math.cos((i * Math.PI) / 3 + 0.5), Math.sin((i * Math.PI) / 3 + 0.5)]);
const orders = new Map<string, Int32Array>();

/** Free cells of the card nearest the pull point first: where the next symbol is tried. */
function candidateOrder(shape: Shape, gap: number, pull: number): Int32Array {
  const key = `${shape}/${gap}/${pull}`;
  let order = orders.get(key);
  if (!order) {
    const base = baseBoard(shape, gap);
    const [px, py] = PULLS[pull]!;
    const cells: number[] = [];
    // every other cell both ways: symbols land on a 1 mm lattice, a quarter of the places to try
    for (let i = 0; i < G * G; i++) if (!base[i] && (i % G) % STRIDE === 0 && Math.floor(i / G) % STRIDE === 0) cells.push(i);
    const d = (i: number) => Math.hypot(-1 + ((i % G) + 0.5) * CELL - px, -1 + (Math.floor(i / G) + 0.5) * CELL - py);
    cells.sort((a, b) => d(a) - d(b) || a - b);
    order = Int32Array.from(cells);
    orders.set(key, order);
  }
  return order;
}

const indexes = new Map<string, Int32Array>();

/** For each cell of the card, its place in candidateOrder (-1 if it is not a place to try). */
function candidateIndex(shape: Shape, gap: number, pull: number): Int32Array {
  const key = `${shape}/${gap}/${pull}`;
  let index = indexes.get(key);
  if (!index) {
    index = new Int32Array(G * G).fill(-1);
    candidateOrder(shape, gap, pull).forEach((cell, c) => (index![cell] = c));
    indexes.set(key, index);
  }
  return index;
}

const GROW_ROUNDS = 8;
const GROW_STEP = 1.07;
/** Small moves tried when a symbol grows: up to 4 cells (2 mm) away, nearest first. */
const NUDGES: [number, number][] = [];
for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) if (dx * dx + dy * dy <= 16) NUDGES.push([dx, dy]);
NUDGES.sort((a, b) => a[0] ** 2 + a[1] ** 2 - (b[0] ** 2 + b[1] ** 2) || a[1] - b[1] || a[0] - b[0]);

/** Turns tried per symbol; the one that lets it sit nearest the pull point wins. */
const TURNS = 2;
const STRIDE = 2;

/**
 * Packs a card by the symbols' real shapes: sizes spread evenly between 1 and `ratio`, biggest
 * first, each put in the free place nearest the pull point where its footprint touches no other,
 * trying a few turns. The scale is searched up and down so the card ends as full as this allows;
 * `hint` carries the scale found from one card to the next of a deck, which saves most of the search.
 */
export function layoutCard(symbols: number[], shape: Shape, rng: Rng, style: CardStyle, hint?: { scale?: number }): Placement[] | null {
  const k = symbols.length;
  const unit = symbols.map((s) => style.unit?.(s) ?? 1);
  // pictures get their sizes at random; words the other way round from their length, so the
  // longest words print at the smallest size and the short ones stand out
  const order = rng.shuffle(symbols.map((_, i) => i));
  if (style.unit) order.sort((a, b) => unit[b]! - unit[a]! || a - b);
  const factors = new Array<number>(k);
  order.forEach((i, rank) => {
    factors[i] = 1 + ((style.ratio - 1) * rank) / Math.max(1, k - 1);
  });
  // words try level first: long thin blocks at random slants leave gaps between them
  const turns = symbols.map(() =>
    Array.from({ length: TURNS }, (_, t) => (style.tilt >= 180 ? rng.int(0, 359) : t === 0 ? 0 : rng.int(-style.tilt, style.tilt))),
  );
  const pull = rng.int(0, PULLS.length - 1);
  const cells = candidateOrder(shape, style.gap, pull);
  const base = baseBoard(shape, style.gap);
  const reach = style.gap / 2 + HALF_DIAG;
  const bySize = symbols.map((_, i) => i).sort((a, b) => factors[b]! * unit[b]! - factors[a]! * unit[a]! || a - b);

  interface Packed {
    board: Board;
    at: { f: Footprint; cx: number; cy: number; r: number; rot: number }[];
  }
  const index = candidateIndex(shape, style.gap, pull);
  const pack = (scale: number): Packed | null => {
    const board = new Board(base);
    const at: Packed['at'] = new Array(k);
    // Places whose centre cell is taken, skipped by footprints that cover their centre (they
    // could not fit there): next[c] leads to the next place still open (c itself if open).
    const next = new Int32Array(cells.length + 1);
    for (let c = 0; c <= cells.length; c++) next[c] = c;
    const open = (c: number): number => {
      while (next[c] !== c) {
        next[c] = next[next[c]!]!;
        c = next[c]!;
      }
      return c;
    };
    for (const i of bySize) {
      const r = scale * factors[i]! * unit[i]!;
      let best = -1;
      let bestTurn = 0;
      let bestPrint: Footprint | undefined;
      for (const rot of turns[i]!) {
        const f = footprint(style.outline(symbols[i]!), r, rot, reach);
        const stop = best < 0 ? cells.length : best;
        for (let c = f.centre ? open(0) : 0; c < stop; c = f.centre ? open(c + 1) : c + 1) {
          const cell = cells[c]!;
          if (board.fits(f, cell % G, (cell / G) | 0)) {
            [best, bestTurn, bestPrint] = [c, rot, f];
            break;
          }
        }
      }
      if (best < 0) return null;
      const cell = cells[best]!;
      const cx = cell % G;
      const cy = (cell / G) | 0;
      board.put(bestPrint!, cx, cy);
      const runs = bestPrint!.runs;
      for (let q = 0; q < runs.length; q += 3) {
        const row = (cy + runs[q]!) * G;
        for (let x = cx + runs[q + 1]!; x <= cx + runs[q + 2]!; x++) {
          const c = index[row + x]!;
          if (c >= 0) next[c] = c + 1;
        }
      }
      at[i] = { f: bestPrint!, cx, cy, r, rot: bestTurn };
    }
    return { board, at };
  };

  /**
   * The packing stops at the scale where the first symbol no longer fits, leaving room around
   * the others: each symbol in turn, smallest first, grows by steps while it still fits at or
   * near its place (sizes staying within the ratio), so the gaps fill and small symbols get bigger.
   */
  const grow = ({ board, at }: Packed): void => {
    // a symbol that could not grow stays put: its neighbours only get bigger
    const stuck = new Set<number>();
    for (let round = 0; round < GROW_ROUNDS && stuck.size < k; round++) {
      const size = (i: number) => at[i]!.r / unit[i]!;
      const order = at.map((_, i) => i).sort((a, b) => size(a) - size(b) || a - b);
      for (const i of order) {
        if (stuck.has(i)) continue;
        const p = at[i]!;
        const target = size(i) * GROW_STEP;
        const others = at.map((_, j) => j).filter((j) => j !== i).map(size);
        if (Math.max(target, ...others) / Math.min(target, ...others) > style.ratio + 1e-9) {
          if (size(i) === Math.max(...others, size(i))) stuck.add(i); // the biggest waits for no one
          continue;
        }
        board.put(p.f, p.cx, p.cy, -1);
        let done = false;
        for (const rot of [p.rot, ...turns[i]!.filter((t) => t !== p.rot)]) {
          const f = footprint(style.outline(symbols[i]!), target * unit[i]!, rot, reach);
          for (const [dx, dy] of NUDGES) {
            if (board.fits(f, p.cx + dx, p.cy + dy)) {
              at[i] = { f, cx: p.cx + dx, cy: p.cy + dy, r: target * unit[i]!, rot };
              done = true;
              break;
            }
          }
          if (done) break;
        }
        // the smallest symbol holds every other back (the ratio): it may move anywhere to grow
        if (!done && size(i) === Math.min(...at.map((_, j) => size(j)))) {
          for (const rot of turns[i]!) {
            const f = footprint(style.outline(symbols[i]!), target * unit[i]!, rot, reach);
            for (let c = 0; c < cells.length && !done; c++) {
              const cell = cells[c]!;
              if (board.fits(f, cell % G, (cell / G) | 0)) {
                at[i] = { f, cx: cell % G, cy: (cell / G) | 0, r: target * unit[i]!, rot };
                done = true;
              }
            }
            if (done) break;
          }
        }
        if (!done) stuck.add(i);
        const q = at[i]!;
        board.put(q.f, q.cx, q.cy, 1);
      }
    }
  };

  const placements = ({ at }: Packed): Placement[] =>
    at.map((p, i) => ({ symbol: symbols[i]!, x: -1 + (p.cx + 0.5) * CELL, y: -1 + (p.cy + 0.5) * CELL, r: p.r, rot: p.rot }));

  // from a guess (the last card's scale, or the discs' area) up while it packs, down while it
  // does not; growing afterwards makes up for the coarse step
  const floor = style.minScale ?? 0;
  const discs = factors.reduce((a, f, i) => a + Math.PI * (f * unit[i]!) ** 2, 0);
  let scale = Math.max(floor, hint?.scale ?? Math.sqrt((0.7 * cardArea(shape)) / discs));
  const step = 1.06;
  let good: { scale: number; layout: Packed } | undefined;
  let layout = pack(scale);
  if (layout) {
    good = { scale, layout };
    for (let n = 0; n < 12 && layout; n++) {
      scale *= step;
      layout = pack(scale);
      if (layout) good = { scale, layout };
    }
  } else {
    for (let n = 0; n < 60 && !layout; n++) {
      scale /= step;
      if (scale < floor) return null;
      layout = pack(scale);
      if (layout) good = { scale, layout };
    }
  }
  if (!good) return null;
  if (hint) hint.scale = good.scale;
  grow(good.layout);
  return placements(good.layout);
}
