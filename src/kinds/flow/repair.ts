import type { Rng } from '../../core/rng.js';
import { type Cover, linksOf } from './cover.js';
import { count } from './prove.js';
import { Search } from './search.js';

export const MIN_LINE = 3;

/** Frontier states the DP may hold when the search gives up on a narrow grid. */
const STATES_PER_COUNT = 20_000;

/** The grades (see grade.ts) a difficulty accepts, lowest and highest. */
export interface Want {
  lowest: number;
  highest: number;
}

/** Work (in search nodes) left for one puzzle over all its attempts, so giving up stays bounded. */
export interface Budget {
  nodes: number;
}

/** Nodes one count may take before the attempt is dropped: a fresh cover is cheaper. */
const NODES_PER_COUNT = 20_000;

/**
 * Turns a random cover into a puzzle whose only solution it is, at a grade `want` accepts, or
 * returns null. Every step cuts a line in two, which never adds a solution (joining the two
 * halves of any solution of the cut puzzle solves the uncut one), so each step keeps what the
 * steps before it proved and only adds lines; `maxLines` bounds the rounds.
 *
 * A grade below 2 is itself a proof of uniqueness (the grader's rules are sound and settle
 * every link), so easy and medium puzzles are cut where the grader gets stuck until it gets
 * through, and never need the search; one with too few lines is cut anywhere. A hard puzzle (grade 2) is proved by the exact count,
 * cutting where a second solution differs from the cover.
 */
export function build(
  cover: Cover,
  width: number,
  height: number,
  lines: { minLines: number; maxLines: number },
  want: Want,
  rng: Rng,
  budget: Budget,
): Cover | null {
  let paths = cover.map((p) => p.slice());
  for (;;) {
    let cut: Cover | null;
    const bad = firstFault(paths, width);
    if (bad) cut = cutNear(paths, bad, rng);
    else {
      const clues = cluesOfCover(paths, width, height);
      const grader = new Search(clues, undefined, 0);
      const level = grader.grade(want.highest);
      budget.nodes -= grader.work() + 1;
      if (level < want.lowest) return null;
      const done = paths.length >= lines.minLines;
      if (level <= 1 && level <= want.highest && done) return paths;
      if (level <= 1 && level <= want.highest) cut = cutNear(paths, rng.shuffle(paths.flat()), rng);
      else if (level > want.highest) cut = easierCut(paths, width, height, want.highest, grader.loose(), rng, budget);
      else {
        const links = linksOf(paths, width, height);
        const nodes = Math.min(NODES_PER_COUNT, budget.nodes);
        const res = count(clues, links, { nodes, states: STATES_PER_COUNT });
        budget.nodes -= res.nodes ?? nodes;
        if (res.gaveUp) return null;
        const loose: number[] = [];
        if (res.solutions === 1) {
          if (done) return paths;
          loose.push(...paths.flat());
        } else {
          const other = res.other!;
          for (let i = 0; i < links.length; i++) if (links[i] !== other[i]) loose.push(i);
        }
        // A differing link of cell i also concerns its right or lower neighbour; i itself is enough.
        cut = cutNear(paths, rng.shuffle(loose), rng);
      }
    }
    if (!cut || cut.length > lines.maxLines || budget.nodes <= 0) return null;
    paths = cut;
  }
}

const CANDIDATES = 12;

/**
 * Of a few cuts near cells where the grader got stuck, the one after which it settles the most
 * links: fewer, better placed cuts keep the line count down.
 */
function easierCut(paths: Cover, width: number, height: number, upTo: number, loose: number[], rng: Rng, budget: Budget): Cover | null {
  rng.shuffle(loose);
  let best: Cover | null = null;
  let fewest = Infinity;
  for (let k = 0, tried = 0; k < loose.length && tried < CANDIDATES; k++) {
    const cut = cutNear(paths, [loose[k]!], rng);
    if (!cut) continue;
    tried++;
    const grader = new Search(cluesOfCover(cut, width, height), undefined, 0);
    const level = grader.grade(upTo);
    budget.nodes -= grader.work() + 1;
    if (level <= upTo) return cut;
    const open = grader.openLinks();
    if (open < fewest) {
      fewest = open;
      best = cut;
    }
  }
  return best;
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
  for (const p of paths) {
    const a = p[0]!;
    const b = p[p.length - 1]!;
    if (adjacent(a, b, width)) return p.slice(1, -1);
  }
  let n = 0;
  for (const p of paths) n += p.length;
  const owner = new Int32Array(n).fill(-1);
  paths.forEach((p, k) => p.forEach((cell) => (owner[cell] = k)));
  // Blocks by their top-left cell, in the order of the lines and their cells.
  for (let k = 0; k < paths.length; k++) {
    for (const cell of paths[k]!) {
      if (cell % width === width - 1) continue;
      const block = [cell, cell + 1, cell + width, cell + width + 1];
      if (block.every((x) => x < n && owner[x] === k)) return block;
    }
  }
  return null;
}

function adjacent(a: number, b: number, width: number): boolean {
  const d = Math.abs(a - b);
  return d === width || (d === 1 && Math.floor(a / width) === Math.floor(b / width));
}

/** Cuts the line through one of `cells` (tried in order) into two lines of at least MIN_LINE cells. */
export function cutNear(paths: Cover, cells: number[], rng: Rng): Cover | null {
  let n = 0;
  for (const p of paths) n += p.length;
  const line = new Int32Array(n);
  const at = new Int32Array(n);
  paths.forEach((p, k) => p.forEach((cell, j) => ((line[cell] = k), (at[cell] = j))));
  for (const cell of cells) {
    const k = line[cell]!;
    const j = at[cell]!;
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
