import { fail } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import { growCover } from './cover.js';
import type { Cell, FlowModel } from './model.js';
import { linesFor, type FlowOptions } from './options.js';
import { build, type Budget, type Want } from './repair.js';

/** Attempts before giving up; each is one cover plus its cuts, so the effort is bounded. */
export const ATTEMPTS = 200;

/**
 * Work for one puzzle over all attempts, in search nodes (grading counts too): about 12 s here
 * when a request cannot be met; hard 20x20 puzzles, the costliest that succeed, have needed
 * up to 250 000.
 */
const NODE_BUDGET = 600_000;

/** Where covers start, as a share of the fewest lines allowed. */
const START = 0.75;

/** Which grades (see grade.ts) each difficulty accepts. */
const WANT: Record<FlowOptions['difficulty'], Want> = {
  easy: { lowest: 0, highest: 0 },
  medium: { lowest: 0, highest: 1 },
  hard: { lowest: 1, highest: 2 },
};

export function generateFlow(o: FlowOptions, rng: Rng): FlowModel {
  const { width, height } = o;
  const budget: Budget = { nodes: NODE_BUDGET };
  let attempt = 0;
  for (; attempt < ATTEMPTS && budget.nodes > 0; attempt++) {
    // Cuts add lines, so start below the range.
    const start = rng.int(Math.max(2, Math.floor(o.minLines * START)), o.maxLines);
    const cover = growCover(width, height, start, rng);
    if (!cover) continue;
    const built = build(cover, width, height, o, WANT[o.difficulty], rng, budget);
    if (built) return toModel(built, o);
  }
  const [lo, hi] = linesFor(width, height, o.difficulty);
  const relax = o.customLines
    ? `widen the --colors range (${o.difficulty} ${width}x${height} puzzles usually have ${lo}-${hi} lines)`
    : o.difficulty === 'medium'
      ? 'try another --difficulty'
      : 'try --difficulty medium';
  fail(`could not make a ${o.difficulty} ${width}x${height} Flow puzzle with ${o.minLines}-${o.maxLines} lines in ${attempt} tries; ${relax}`);
}

/** Lines numbered in reading order of their first end, so the numbers are easy to find. */
function toModel(cover: number[][], o: FlowOptions): FlowModel {
  const cell = (i: number): Cell => [Math.floor(i / o.width), i % o.width];
  const lines = cover
    .map((p) => (p[0]! <= p[p.length - 1]! ? p : p.slice().reverse()))
    .sort((a, b) => a[0]! - b[0]!);
  return {
    width: o.width,
    height: o.height,
    difficulty: o.difficulty,
    endpoints: lines.map((p, k) => ({ label: String(k + 1), cells: [cell(p[0]!), cell(p[p.length - 1]!)] })),
    paths: lines.map((p, k) => ({ label: String(k + 1), cells: p.map(cell) })),
  };
}
