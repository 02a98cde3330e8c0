import type { Rng } from '../../core/rng.js';
import { gridNeighbours } from '../../core/grid.js';

/** Per size, per cell: its neighbours, made once (the generator asks thousands of times a puzzle). */
const NEIGHBOURS: (readonly number[])[][] = [];

/** Cell indices r*n+c of the 4-neighbours of cell i (cages live on square grids); shared, do not change. */
export function neighbours(n: number, i: number): readonly number[] {
  let table = NEIGHBOURS[n];
  if (!table) {
    table = [];
    for (let j = 0; j < n * n; j++) table.push(gridNeighbours(j, n, n));
    NEIGHBOURS[n] = table;
  }
  return table[i]!;
}

const SEEN: number[] = [];

export function connected(n: number, cells: readonly number[]): boolean {
  if (cells.length === 0) return false;
  // Cages are small: a list of reached cells beats sets here (one list, reused: no search nests).
  const seen = SEEN;
  seen.length = 0;
  seen.push(cells[0]!);
  for (let s = 0; s < seen.length; s++) {
    const i = seen[s]!;
    const r = (i / n) | 0;
    const c = i - r * n;
    for (let d = 0; d < 4; d++) {
      const j = d === 0 ? (r > 0 ? i - n : -1) : d === 1 ? (c < n - 1 ? i + 1 : -1) : d === 2 ? (r < n - 1 ? i + n : -1) : c > 0 ? i - 1 : -1;
      if (j >= 0 && cells.includes(j) && !seen.includes(j)) seen.push(j);
    }
  }
  return seen.length === cells.length;
}

/**
 * Random dominoes first (as Keen does), leftover single cells joined to a neighbour unless givens
 * are wanted, then random merges of neighbouring cages up to `maxSize` until the mean size is reached.
 */
export function randomPartition(n: number, rng: Rng, maxSize: number, meanSize: number, givens: boolean): number[][] {
  const owner = new Array<number>(n * n).fill(-1);
  let cages: number[][] = [];
  const order: number[] = [];
  for (let i = 0; i < n * n; i++) order.push(i);
  const free: number[] = [];
  for (const i of rng.shuffle(order)) {
    if (owner[i]! >= 0) continue;
    free.length = 0;
    for (const j of neighbours(n, i)) if (owner[j]! < 0) free.push(j);
    const cells = free.length ? [i, rng.pick(free)] : [i];
    for (const j of cells) owner[j] = cages.length;
    cages.push(cells);
  }
  for (let k = 0; k < cages.length; k++) {
    const cg = cages[k]!;
    if (cg.length !== 1 || (givens && rng.chance(0.5))) continue;
    const targets = neighbours(n, cg[0]!).map((j) => owner[j]!).filter((o) => cages[o]!.length < maxSize);
    if (!targets.length) continue;
    const into = rng.pick(targets);
    cages[into]!.push(cg[0]!);
    owner[cg[0]!] = into;
    cages[k] = [];
  }
  const kept: number[][] = [];
  for (const c of cages) if (c.length) kept.push(c);
  cages = kept;
  const wanted = Math.max(1, Math.round((n * n) / meanSize));
  for (let tries = 0; cages.length > wanted && tries < n * n * 4; tries++) {
    const merged = mergeRandom(n, cages, rng, maxSize);
    if (merged) cages = merged;
  }
  return cages;
}

/** Joins a random cage to a random neighbouring cage if the result stays within `maxSize`. */
export function mergeRandom(n: number, cages: number[][], rng: Rng, maxSize: number): number[][] | null {
  const owner = ownerOf(n, cages);
  const a = rng.int(0, cages.length - 1);
  const size = cages[a]!.length;
  // Neighbouring cages small enough to join, in increasing order (loops: this runs at every
  // grading step of a hard layout).
  const fits: number[] = [];
  for (const i of cages[a]!) {
    for (const j of neighbours(n, i)) {
      const o = owner[j]!;
      if (o === a || size + cages[o]!.length > maxSize || fits.includes(o)) continue;
      insertSorted(fits, o);
    }
  }
  if (!fits.length) return null;
  const b = rng.pick(fits);
  const out: number[][] = [];
  for (let k = 0; k < cages.length; k++) if (k !== a && k !== b) out.push(cages[k]!);
  const joined = cages[a]!.slice();
  for (const i of cages[b]!) joined.push(i);
  out.push(joined);
  return out;
}

export function ownerOf(n: number, cages: number[][]): number[] {
  const owner = new Array<number>(n * n).fill(-1);
  for (let k = 0; k < cages.length; k++) for (const i of cages[k]!) owner[i] = k;
  return owner;
}

/** Scratch for splitRandom: the piece grown and the cells it may grow into; copied only when kept. */
const PART: number[] = [];
const FRONTIER: number[] = [];

/** Two connected pieces of a cage, each at least `minPart` cells, or null if none was found. */
export function splitRandom(n: number, cells: number[], rng: Rng, minPart: number): [number[], number[]] | null {
  if (cells.length < 2 * minPart) return null;
  const part = PART;
  const frontier = FRONTIER;
  for (let tries = 0; tries < 8; tries++) {
    const size = rng.int(minPart, cells.length - minPart);
    // Arrays, not sets: a cage is a few cells.
    part.length = 0;
    part.push(rng.pick(cells));
    while (part.length < size) {
      frontier.length = 0;
      for (const i of part) for (const j of neighbours(n, i)) if (cells.includes(j) && !part.includes(j)) frontier.push(j);
      if (!frontier.length) break;
      part.push(rng.pick(frontier));
    }
    if (part.length !== size) continue;
    const rest: number[] = [];
    for (const i of cells) if (!part.includes(i)) rest.push(i);
    if (connected(n, rest)) return [part.slice(), rest];
  }
  return null;
}

/**
 * A tiling by dominoes (one single cell when n is odd), for sign sets that only fit two cells:
 * pairs along a snake through the grid, then many random turns of 2x2 blocks of parallel dominoes.
 */
export function randomDominoes(n: number, rng: Rng): number[][] {
  const path: number[] = [];
  for (let r = 0; r < n; r++) for (let k = 0; k < n; k++) path.push(r * n + (r % 2 ? n - 1 - k : k));
  const cages: number[][] = [];
  for (let k = 0; k < path.length; k += 2) cages.push(path.slice(k, k + 2));
  const owner = ownerOf(n, cages);
  for (let step = 0; step < n * n * 8; step++) {
    const r = rng.int(0, n - 2);
    const c = rng.int(0, n - 2);
    const a = r * n + c;
    const [b, d, e] = [a + 1, a + n, a + n + 1];
    const horizontal = owner[a] === owner[b] && owner[d] === owner[e] && owner[a] !== owner[d];
    const vertical = owner[a] === owner[d] && owner[b] === owner[e] && owner[a] !== owner[b];
    if (!horizontal && !vertical) continue;
    const k1 = owner[a]!;
    const k2 = horizontal ? owner[d]! : owner[b]!;
    cages[k1] = horizontal ? [a, d] : [a, b];
    cages[k2] = horizontal ? [b, e] : [d, e];
    for (const i of cages[k1]!) owner[i] = k1;
    for (const i of cages[k2]!) owner[i] = k2;
  }
  return cages;
}

/** Puts x into an ascending list in place: lists here are a few entries, where a sort with a comparator cost more. */
export function insertSorted(list: number[], x: number): void {
  let at = list.length;
  list.push(x);
  while (at > 0 && list[at - 1]! > x) {
    list[at] = list[at - 1]!;
    at--;
  }
  list[at] = x;
}
