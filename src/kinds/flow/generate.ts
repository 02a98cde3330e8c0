import { fail, aOrAn, type Place } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { growCover } from './cover.js';
import { cutUp, mergeCheapest, mergeDown, repairByCount, type Proof } from './merge.js';
import type { Cell, FlowModel } from './model.js';
import { linesFor, type FlowOptions } from './options.js';
import { build, cluesOfCover, type Budget, type Want } from './repair.js';
import { Search } from './search.js';

/**
 * Work for one puzzle over all its attempts, in search nodes (grading counts too). Bounded so a
 * request that cannot be met ends; counted in nodes, not seconds, so a seed always gives the
 * same puzzle on any machine.
 */
const NODE_BUDGET = 2_000_000;

/** Attempts for one puzzle; each starts from a fresh cover. */
const ATTEMPTS = 300;

/**
 * Nodes one proof of a join may take; a join that needs more is not kept (a fresh try is cheaper).
 * Most joins that can be proved are proved within a few hundred nodes; proofs that give up were
 * half of all the work at 4,000.
 */
const JOIN_NODES = 1_500;

/** Nodes one proof during the repair may take before a long line is cut instead. */
const REPAIR_NODES = 800;

/**
 * Up to BIG squares the repair's proofs take fewer nodes, REPAIR_NODES_SMALL (a cover that needs
 * more is cut at once), and first run a plain search (no probing) for QUICK_SHARE nodes a square,
 * about one dive through the board along the cover, which finds most second solutions at a
 * quarter of the probing search's cost. Search nodes a puzzle (80 at 10x10, 16 at 15x15,
 * median/mean): 10x10 hard 4.6k/6.6k -> 3.7k/5.1k, expert 7.5k/12.8k -> 6.1k/8.9k (attempts a
 * puzzle 3.8 -> 4.0 and 11.5 -> 12.7), 15x15 hard 33k/52k -> 26k/46k, expert 73k/122k -> 67k/109k.
 */
const REPAIR_NODES_SMALL = 300;
const QUICK_SHARE = 0.6;

/**
 * Grids past 15x15 (225 squares) join the cheapest join first (mergeCheapest), which keeps
 * every proof near the cost of probing the board once, so many more joins are proved: 20x20
 * gets to about 35 lines instead of 41. A proof there may take BIG_JOIN_NODES (rarely needed:
 * most take 400-3,000), all of them BIG_SPEND. Smaller grids keep the random joins (their
 * puzzles as before).
 */
const BIG = 225;
const BIG_JOIN_NODES = 10_000;
const BIG_SPEND = 90_000;

/**
 * Proofs in the joins (and, past BIG squares, the repair) skip the 400-node plain search for a
 * second solution and probe at once: it gave up on about 4 in 5 of them. Search nodes a puzzle
 * (bench seeds, 40 at 10x10, 20 at 15x15, median/mean): 10x10 hard 5.1k/8.0k -> 4.7k/7.5k,
 * expert 19.2k/24.4k -> 16.2k/22.2k, 15x15 hard 49.6k/68.8k -> 38.5k/59.3k, expert
 * 169k/214k -> 89k/161k.
 */
const PLAIN = false;

/** Joins tried after a repair, in all. */
const JOIN_TRIES = 12;

/**
 * Up to BIG squares, a repair (levels proved by the search) that needs more than a sixth over the
 * most lines allowed is dropped: its puzzle then needs that many proved joins, and a fresh
 * attempt is cheaper. Per attempt at 15x15 expert, repairs ending 6-8 over were nearly half the
 * attempts and nearly all failed in the joins after costly proofs. Replayed on recorded attempts
 * and then measured (search nodes a puzzle, median/mean, 60 puzzles at 10x10, 12 at 15x15):
 * 10x10 hard 5.9k/8.9k -> 5.4k/6.6k, expert 14.7k/17.5k -> 9.8k/11.4k, 15x15 hard
 * 52k/92k -> 26k/60k, expert 211k/255k -> 106k/114k, 16x10 expert 125k/132k -> 44k/59k. Lines were
 * allowed a third and 2 over, which BIG grids (mergeCheapest) and easy puzzles keep.
 */
const OVER = 6;

/** Where covers start, as a share of the fewest lines allowed. */
const START = 0.7;

/**
 * Per level: the grades (see grade.ts) the repair may leave, the grades the finished puzzle must
 * have, and whether joins may be proved by the exact search. Easy puzzles fall to forced moves
 * and one-step trials; the others are made to need search, with fewer lines each level up.
 */
const LEVEL: Record<FlowOptions['difficulty'], { repair: Want; final: Want; proof: Proof }> = {
  easy: { repair: { lowest: 0, highest: 1 }, final: { lowest: 0, highest: 1 }, proof: { grade: 1, nodes: 0 } },
  medium: { repair: { lowest: 0, highest: 2 }, final: { lowest: 1, highest: 2 }, proof: { grade: 2, nodes: JOIN_NODES } },
  hard: { repair: { lowest: 0, highest: 2 }, final: { lowest: 2, highest: 2 }, proof: { grade: 2, nodes: JOIN_NODES } },
  expert: { repair: { lowest: 0, highest: 2 }, final: { lowest: 2, highest: 2 }, proof: { grade: 2, nodes: JOIN_NODES } },
};

/**
 * One attempt: a random cover a little below the line range, cut where a second solution
 * differs until it is the only one, then lines joined end to end while it stays the only one.
 * A failed attempt starts again from a seed derived from this one, so a run never stops for
 * one unlucky puzzle, and the same seed still gives the same puzzle.
 */
export function generateFlow(o: FlowOptions, rng: Rng): FlowModel {
  const { width, height } = o;
  const level = LEVEL[o.difficulty];
  const budget: Budget = { nodes: NODE_BUDGET };
  const base = rng.int(0, 2 ** 31 - 1);
  // Up to BIG squares, proofs that look hopeless give up early (measured there) and joins are
  // taken at random; past it, cheapest first, and only the joins' proofs give up early (with
  // the search's HOPELESS_BIG: about a quarter fewer nodes at 20x20 hard).
  const early = width * height <= BIG;
  const small: Proof = { grade: 2, nodes: REPAIR_NODES_SMALL, early, plain: true, quick: Math.round(QUICK_SHARE * width * height) };
  let attempt = 0;
  for (; attempt < ATTEMPTS && budget.nodes > 0; attempt++) {
    const r = new Rng(`flow-${base}-${attempt}`);
    // Repairs add lines and cuts are free, while joins cost proofs: start low.
    const start = r.int(Math.max(2, Math.round(o.minLines * START)), o.minLines);
    const cover = growCover(width, height, start, r);
    if (!cover) continue;
    const lines =
      level.proof.grade >= 2 && early ? o.maxLines + Math.round(o.maxLines / OVER) : o.maxLines + Math.ceil(o.maxLines / 3) + 2;
    const built =
      level.proof.grade < 2
        ? build(cover, width, height, { minLines: 0, maxLines: lines }, level.repair, r, budget)
        : repairByCount(cover, width, height, lines, early ? small : { grade: 2, nodes: REPAIR_NODES, early, plain: PLAIN }, r, budget, o.minLines);
    if (!built) continue;
    const target = r.int(o.minLines, o.maxLines);
    const merged =
      built.length > target
        ? level.proof.grade < 2 || early
          ? mergeDown(built, width, height, target, { ...level.proof, early, plain: PLAIN }, JOIN_TRIES, r, budget, o.maxLines)
          : mergeCheapest(built, width, height, target, { grade: 2, nodes: BIG_JOIN_NODES, early: true }, BIG_SPEND, r, budget, true)
        : cutUp(built, width, target, r);
    if (!merged) continue;
    if (merged.length < o.minLines || merged.length > o.maxLines) continue;
    const grader = new Search(cluesOfCover(merged, width, height), undefined, 0);
    const grade = grader.grade(2);
    budget.nodes -= grader.work();
    // Grids below 7x7 are too small to need search; there one-step trials stand in for it.
    const lowest = width * height < 49 ? Math.min(level.final.lowest, 1) : level.final.lowest;
    if (grade < lowest || grade > level.final.highest) continue;
    return toModel(merged, o);
  }
  const [lo, hi] = linesFor(width, height, o.difficulty);
  const relax = o.customLines
    ? `widen the --colors range (${o.difficulty} ${width}x${height} puzzles usually have ${lo}-${hi} lines)`
    : o.difficulty === 'medium'
      ? 'try another --difficulty'
      : 'try --difficulty medium';
  // the same ways out as data, for a page to word and to offer as buttons
  const place: Place = o.customLines
    ? { field: '--colors', said: { what: 'cannotMake', thing: 'puzzle', ease: [{ field: '--colors', way: 'wider' }] }, fixes: [{ field: '--colors', value: `${lo}-${hi}` }] }
    : {
        field: '--difficulty',
        said: { what: 'cannotMake', thing: 'puzzle', ease: [{ field: '--difficulty', way: 'other' }] },
        ...(o.difficulty === 'medium' ? {} : { fixes: [{ field: '--difficulty', value: 'medium' }] }),
      };
  fail(`could not make ${aOrAn(o.difficulty)} ${o.difficulty} ${width}x${height} Flow puzzle with ${o.minLines}-${o.maxLines} lines in ${attempt} tries; ${relax}`, [], place);
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
