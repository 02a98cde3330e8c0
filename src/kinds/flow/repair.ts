import type { Rng } from '../../core/rng.js';
import { type Cover, linksOf } from './cover.js';
import { count, type Effort } from './prove.js';

export const MIN_LINE = 3;

/**
 * Work one count may take before the attempt is dropped: puzzles that need more are slow to
 * prove, and a fresh cover is cheaper than finishing the proof.
 */
const EFFORT: Effort = { states: 20_000, nodes: 20_000 };

export interface Built {
  cover: Cover; // the only solution, each path from one endpoint to the other
  links: Uint8Array;
}

/**
 * Turns a random cover into a puzzle whose only solution it is, or returns null. Each round
 * fixes the well-formedness rules by cutting lines, then asks the exact solver for a second
 * solution and cuts a line where that solution differs: a new pair of endpoints pins the line
 * down exactly where the puzzle was loose. Cuts only add lines, so `maxLines` bounds the rounds.
 */
export function makeUnique(cover: Cover, width: number, height: number, maxLines: number, rng: Rng): Built | null {
  let paths = cover.map((p) => p.slice());
  for (;;) {
    const bad = firstFault(paths, width);
    if (bad) {
      const cut = cutNear(paths, bad, rng);
      if (!cut || cut.length > maxLines) return null;
      paths = cut;
      continue;
    }
    const links = linksOf(paths, width, height);
    const clues = cluesOfCover(paths, width, height);
    const res = count(clues, links, EFFORT);
    if (res.gaveUp) return null;
    if (res.solutions === 1) return { cover: paths, links };
    const other = res.other!;
    const loose: number[] = [];
    for (let i = 0; i < links.length; i++) if (links[i] !== other[i]) loose.push(i);
    // A differing link of cell i also concerns its right or lower neighbour; i itself is enough.
    const cut = cutNear(paths, rng.shuffle(loose), rng);
    if (!cut || cut.length > maxLines) return null;
    paths = cut;
  }
}

export function cluesOfCover(paths: Cover, width: number, height: number) {
  const cells = new Uint8Array(width * height);
  paths.forEach((p, k) => {
    cells[p[0]!] = k + 1;
    cells[p[p.length - 1]!] = k + 1;
  });
  return { width, height, colours: paths.length, cells };
}

/** Cells where a rule is broken: a 2x2 block of one line, or a line whose ends touch. */
export function firstFault(paths: Cover, width: number): number[] | null {
  const owner = new Map<number, number>();
  paths.forEach((p, k) => p.forEach((cell) => owner.set(cell, k)));
  for (const p of paths) {
    const a = p[0]!;
    const b = p[p.length - 1]!;
    if (adjacent(a, b, width)) return p.slice(1, -1);
  }
  for (const [cell, k] of owner) {
    if (cell % width === width - 1) continue;
    const block = [cell, cell + 1, cell + width, cell + width + 1];
    if (block.every((x) => owner.get(x) === k)) return block;
  }
  return null;
}

function adjacent(a: number, b: number, width: number): boolean {
  const d = Math.abs(a - b);
  return d === width || (d === 1 && Math.floor(a / width) === Math.floor(b / width));
}

/** Cuts the line through one of `cells` (tried in order) into two lines of at least MIN_LINE cells. */
function cutNear(paths: Cover, cells: number[], rng: Rng): Cover | null {
  const where = new Map<number, [number, number]>();
  paths.forEach((p, k) => p.forEach((cell, j) => where.set(cell, [k, j])));
  for (const cell of cells) {
    const [k, j] = where.get(cell)!;
    const p = paths[k]!;
    // Cutting after position t leaves p[0..t] and p[t+1..].
    const options = [j - 1, j].filter((t) => t + 1 >= MIN_LINE && p.length - t - 1 >= MIN_LINE);
    if (options.length === 0) continue;
    const t = rng.pick(options);
    const out = paths.slice();
    out.splice(k, 1, p.slice(0, t + 1), p.slice(t + 1));
    return out;
  }
  return null;
}
