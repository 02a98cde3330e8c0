import { fail, aOrAn, type Place } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import { Human } from './human.js';
import { randomLatin } from './latin.js';
import { DIFFICULTIES, OP_BIT, opsMaskOf, type Cage, type CalcudokuModel, type CalcudokuOptions, type Op } from './model.js';
import { connected, insertSorted, mergeRandom, neighbours, ownerOf, randomDominoes, randomPartition, splitRandom } from './partition.js';
import { cageInfo, cageOps, filled, puzOf as puzOfInfos, type CageInfo } from './puzzle.js';
import { countSolutions } from './solve.js';

interface WorkCage {
  cells: number[];
  op: Op;
  target: number;
  info: CageInfo | null; // the solvers' view, made when first graded and kept while the cage lives
}

/** Clues longer than this crowd the corner of a cell; larger cages then take a sum instead. */
const PRODUCT_MAX = 99999;

/**
 * Largest cage and starting mean cage size by level. Layouts start small (mostly dominoes) and the
 * grader-driven merges grow them: measured, that reaches each level sooner than starting big.
 */
const SHAPE = [
  { max: 3, mean: 2.0 },
  { max: 4, mean: 2.0 },
  { max: 5, mean: 2.0 },
  { max: 6, mean: 2.4 },
  { max: 6, mean: 2.4 },
];

/**
 * Clues taken away at once while a layout is still too easy, by level; halved each time that leaves
 * the level's techniques stuck. Hard and expert layouts start far below their level and used to climb
 * one change per grading: three at a time cut 9x9 hard from 26 to 22 gradings (median) and from
 * 104 to 75 (p95), expert from 11 to 9 and 28 to 26.
 */
const STRIDE = [1, 1, 3, 3, 3];
/** Repairs tried on one cage layout at most before starting a fresh one. */
const REPAIRS = 40;
/**
 * Steps on one layout that the level's techniques could not finish before it is dropped for a fresh
 * one. Measured: most layouts that reach their level need at most two such repairs, while one that
 * is still stuck after a few tends to stay stuck for dozens (the slow tail); a fresh layout costs
 * about as much as two repairs, so giving up early makes the time per puzzle predictable. Narrow
 * sign sets (only - and /) need long repair chains on every layout, so the allowance doubles after
 * every few dropped layouts, up to the full REPAIRS.
 */
const STUCK_STEPS = 4;
const DOUBLE_AFTER = 4;
/**
 * Small grids (up to 5x5), whose fresh layouts are cheap: a layout graded this many times without
 * needing a harder technique than before is dropped for a fresh one, and a change that left a
 * solvable layout as it was is drawn again (grading it again would tell nothing new).
 */
const PLATEAU = 12;
const SMALL = 5;
/** Search nodes spent looking for a second solution; past this, giving a clue away is cheaper. */
const SECOND_BUDGET = 20;
/** Repair steps in all before giving up: the old limit of 60 full-length layouts (600 for small grids, whose steps are cheap). */
const BUDGET = 60 * REPAIRS;
const SMALL_BUDGET = 600 * REPAIRS;

interface Plan {
  n: number;
  level: number;
  allowed: number;
  hideOps: boolean;
  givens: boolean; // single-cell cages allowed
  dominoes: boolean; // only - and / : every cage has two cells
  maxSize: number;
  sol: number[]; // solution digits by cell index
}

export function generate(o: CalcudokuOptions, rng: Rng): CalcudokuModel {
  const n = o.size;
  const level = DIFFICULTIES.indexOf(o.difficulty);
  const allowed = opsMaskOf(o.ops);
  const dominoes = (allowed & (OP_BIT['+'] | OP_BIT['*'])) === 0;
  const plan: Omit<Plan, 'sol'> = {
    n,
    level,
    allowed,
    hideOps: o.hideOps,
    // A given is a free digit: only easy puzzles, 4x4 up to medium, domino-only grids of odd size and
    // medium grids without x (+ and - alone rarely pin a cell by cage arithmetic) need one. Harder 4x4
    // grids do without, as Keen's do: measured, that takes a third less grading to reach their level.
    // Grids of - clues alone need one too: turning every digit d into n+1-d keeps each difference
    // and each row and column, so without a given every such grid has a second solution.
    givens:
      level === 0 ||
      (n <= 4 && level <= 1) ||
      (dominoes && (n % 2 === 1 || allowed === OP_BIT['-'])) ||
      (level === 1 && !(allowed & OP_BIT['*'])),
    dominoes,
    maxSize: dominoes ? 2 : Math.min(SHAPE[level]!.max, n <= 4 ? n : 9),
  };
  const budget = n <= 5 ? SMALL_BUDGET : BUDGET;
  let stuckLimit = STUCK_STEPS;
  for (let layout = 0, spent = 0; spent < budget; layout++) {
    if (layout > 0 && layout % DOUBLE_AFTER === 0) stuckLimit = Math.min(REPAIRS, stuckLimit * 2);
    const sol: number[] = [];
    for (const row of randomLatin(n, rng)) for (const d of row) sol.push(d); // .flat() cost more than grading
    const p: Plan = { n, level, allowed, hideOps: plan.hideOps, givens: plan.givens, dominoes, maxSize: plan.maxSize, sol };
    const cells = dominoes
      ? randomDominoes(n, rng)
      : defuse(p, randomPartition(n, rng, p.maxSize, Math.min(SHAPE[level]!.mean, n / 2), p.givens), rng);
    let cages: WorkCage[] = [];
    for (const c of cells) cages.push(clue(p, c, rng));
    // Give clues away until the level's techniques solve it; from then on only take clues away,
    // going back to the last solvable layout whenever a change leaves the level's techniques stuck.
    let solvable: WorkCage[] | null = null;
    let stuckSteps = 0;
    let stride = STRIDE[level]!;
    let best = -1; // the hardest technique a grading of this layout has needed so far
    let flat = 0; // gradings since that last rose
    for (let step = 0; step < REPAIRS && stuckSteps < stuckLimit && spent < budget && (n > SMALL || flat < PLATEAU); step++, spent++) {
      // A layout that leaves two digits free to swap has a second solution that a cheap look finds
      // (a third of 4x4 hard candidates, half of those the grader finds stuck): it is treated as
      // stuck without grading, and the swap is the second solution to rule out.
      const swap = cages === solvable ? -1 : swappable(p, cages);
      // Every step that gives clues away ends at the one easier() call below, and the swap's corner
      // is worked out on every step: when the fallback after a failed breakTie had its own call and
      // shift, their first run came in a timed 4x4 cell, after generate was optimised, and threw
      // generate out of optimised code to be compiled again (tens of ms of compiler CPU).
      const corner = swap >> 8;
      let at: number;
      if (swap >= 0 && solvable) {
        stride = Math.max(1, stride >> 1);
        cages = harder(p, solvable, rng);
        continue;
      }
      if (swap >= 0) {
        stuckSteps++;
        const fixed = breakTie(p, cages, swapped(p, swap), rng);
        if (fixed) {
          cages = fixed;
          continue;
        }
        at = corner;
      } else {
        const h = new Human(puzOf(p, cages));
        const solved = h.run(level) === 'solved';
        if (solved && h.used > best) {
          best = h.used;
          flat = 0;
        } else flat++;
        if (solved) {
          if (h.used === level) return toModel(o, p, cages);
          solvable = cages;
          // One loop for the stride and the redraws, so that its count runs on the usual path: a step
          // first taken in a timed cell would throw generate() out of optimised code.
          const most = n <= SMALL ? stride + 4 : stride;
          for (let k = 0; k < most; k++) {
            if (k >= stride && cages !== solvable) break;
            cages = harder(p, cages, rng);
          }
          continue;
        }
        if (solvable) {
          stride = Math.max(1, stride >> 1);
          cages = harder(p, solvable, rng);
          continue;
        }
        stuckSteps++;
        // An easy layout the cage-by-cage reading cannot finish is split where it stopped: that gives
        // away what was missing, and looking for a second solution first cost more than the grading
        // (4x4 easy: 40 -> 29 us per puzzle, 9x9 easy 279 -> 235, with the check).
        const other = level === 0 ? null : secondSolution(p, h);
        if (other) {
          const fixed = breakTie(p, cages, other, rng);
          if (fixed) {
            cages = fixed;
            continue;
          }
        }
        const stuck: number[] = [];
        for (let i = 0; i < h.cand.length; i++) if (h.cand[i]! & (h.cand[i]! - 1)) stuck.push(i);
        at = rng.pick(stuck);
      }
      cages = easier(p, cages, at, rng);
    }
  }
  const place: Place = { field: '--difficulty', said: { what: 'cannotMake', thing: 'puzzle', ease: [{ field: '--difficulty', way: 'other' }, { field: '--ops', way: 'more' }] } };
  fail(`could not make ${aOrAn(o.difficulty)} ${o.difficulty} ${n}x${n} Calcudoku with signs ${o.ops}${o.hideOps ? ' hidden' : ''}: try another difficulty or more signs`, [], place);
}

function puzOf(p: Plan, cages: WorkCage[]) {
  const infos = new Array<CageInfo>(cages.length);
  for (let k = 0; k < cages.length; k++) {
    const c = cages[k]!;
    infos[k] = c.info ??= cageInfo(p.n, c.cells, cageOps(c.cells.length, c.op, p.hideOps, p.allowed), c.target);
  }
  return puzOfInfos(p.n, infos);
}

/** Scratch for clue(): the signs that fit, in a fixed order, and those left to draw from. */
const OPTIONS: Op[] = [];
const CHOICES: Op[] = [];

/** A sign and target for a cage, chosen at random among the allowed signs that fit its digits. */
function clue(p: Plan, cells: number[], rng: Rng, avoid?: Op): WorkCage {
  // Loops, not map and reduce: a clue is drawn for every cage of every layout tried.
  const sol = p.sol;
  const len = cells.length;
  let sum = 0;
  let product = 1;
  for (let j = 0; j < len; j++) {
    const d = sol[cells[j]!]!;
    sum += d;
    product *= d;
  }
  const x = sol[cells[0]!]!;
  const y = len === 2 ? sol[cells[1]!]! : 0;
  const hi = x > y ? x : y;
  const lo = x > y ? y : x;
  const options = OPTIONS;
  options.length = 0;
  if (len === 1) options.push('=');
  else {
    if (p.allowed & OP_BIT['+']) options.push('+');
    if (p.allowed & OP_BIT['*'] && (product <= PRODUCT_MAX || !(p.allowed & OP_BIT['+']))) options.push('*');
    if (len === 2) {
      if (p.allowed & OP_BIT['-']) {
        // Small grids reach the harder levels sooner with more - clues (a pair with a given
        // difference usually fits several places, so the cage pins less): three times the weight
        // at 4x4 and 5x5 took 4x4 hard from 39 to 31 gradings a puzzle and 5x5 hard from 17 to 10.
        // Larger grids did worse with it (9x9 hard mean 0.33 -> 0.66 ms).
        options.push('-');
        if (p.n <= 5) options.push('-', '-');
      }
      if (p.allowed & OP_BIT['/'] && hi % lo === 0 && hi !== lo) options.push('/', '/'); // rare, so favoured
    }
  }
  let choices = options;
  if (options.length > 1 && avoid) {
    choices = CHOICES;
    choices.length = 0;
    for (const op of options) if (op !== avoid) choices.push(op);
    if (!choices.length) choices = options; // one sign fits, listed more than once
  }
  if (!choices.length) throw new Error(`no sign fits cage ${cells.join(',')}`);
  const op = rng.pick(choices);
  const target = op === '=' ? x : op === '+' ? sum : op === '*' ? product : op === '-' ? hi - lo : hi / lo;
  return { cells, op, target, info: null };
}

/**
 * Two parallel dominoes across the same two columns (or rows) holding a,b and b,a can always swap
 * their digits, whatever the clues: the commonest cause of a second solution. Growing one of them
 * into a neighbouring cage removes the pattern before any solving is spent on it.
 */
function defuse(p: Plan, cages: number[][], rng: Rng): number[][] {
  const n = p.n;
  let out = cages;
  for (let round = 0; round < 3 * n; round++) {
    const seen = new Map<number, number>();
    let victim = -1;
    for (let k = 0; k < out.length && victim < 0; k++) {
      const c = out[k]!;
      if (c.length !== 2) continue;
      const x = Math.min(c[0]!, c[1]!);
      const y = Math.max(c[0]!, c[1]!);
      // Same line pair across the grid, and the digit pair in order along it.
      const line = y - x === 1 ? x % n : n + Math.floor(x / n);
      const mirror = (line * 16 + p.sol[y]!) * 16 + p.sol[x]!;
      if (seen.has(mirror)) victim = rng.pick([k, seen.get(mirror)!]);
      seen.set((line * 16 + p.sol[x]!) * 16 + p.sol[y]!, k);
    }
    if (victim < 0) break;
    const owner = ownerOf(n, out);
    const near = [...new Set(out[victim]!.flatMap((i) => neighbours(n, i)).map((j) => owner[j]!))].filter(
      (k) => k !== victim && out[k]!.length + 2 <= p.maxSize,
    );
    if (!near.length) break;
    const into = rng.pick(near.sort((a, b) => a - b));
    const next: number[][] = [];
    for (let k = 0; k < out.length; k++) if (k !== victim && k !== into) next.push(out[k]!);
    next.push(joinedCells(out[into]!, out[victim]!));
    out = next;
  }
  return out;
}

/**
 * Scratch, cell to cage index, for swappable(), breakTie() and reshape() (none calls another); packed
 * from the start (the largest grid is 12x12) so that it keeps one kind of array.
 */
const OWNER: number[] = filled(256, 0);
const COL_OF: number[] = filled(256, 0);

/**
 * Whether some two digits a and b sit at the corners of a rectangle, a b over b a, with each cage
 * holding as many of its a corners as of its b corners: swapping them then keeps every row, column
 * and clue, so the clues have a second solution. Exact for that pattern, and far cheaper than
 * grading: about half the 4x4 layouts the grader finds stuck have one, a third at 5x5.
 */
function swappable(p: Plan, cages: WorkCage[]): number {
  const n = p.n;
  const sol = p.sol;
  const owner = OWNER;
  for (let k = 0; k < cages.length; k++) {
    const cells = cages[k]!.cells;
    for (let j = 0; j < cells.length; j++) owner[cells[j]!] = k;
  }
  // colOf[r * 16 + d]: the column of digit d in row r.
  const colOf = COL_OF;
  for (let i = 0; i < n * n; i++) colOf[((i / n) | 0) * 16 + sol[i]!] = i % n;
  for (let r1 = 0; r1 < n; r1++) {
    for (let r2 = r1 + 1; r2 < n; r2++) {
      for (let c1 = 0; c1 < n; c1++) {
        const a = sol[r1 * n + c1]!;
        const b = sol[r2 * n + c1]!;
        const c2 = colOf[r1 * 16 + b]!;
        if (c2 <= c1 || sol[r2 * n + c2] !== a) continue;
        const a1 = owner[r1 * n + c1];
        const a2 = owner[r2 * n + c2];
        const b1 = owner[r1 * n + c2];
        const b2 = owner[r2 * n + c1];
        if ((a1 === b1 && a2 === b2) || (a1 === b2 && a2 === b1)) return ((r1 * n + c1) << 8) | (r2 * n + c2);
      }
    }
  }
  return -1;
}

/** The solution with the rectangle swappable() found swapped. */
function swapped(p: Plan, swap: number): number[] {
  const n = p.n;
  const x = swap >> 8;
  const y = swap & 255;
  const out = p.sol.slice();
  const r1 = (x / n) | 0;
  const c1 = x % n;
  const r2 = (y / n) | 0;
  const c2 = y % n;
  out[r1 * n + c1] = p.sol[r2 * n + c1]!;
  out[r2 * n + c2] = p.sol[r1 * n + c2]!;
  out[r1 * n + c2] = p.sol[r2 * n + c2]!;
  out[r2 * n + c1] = p.sol[r1 * n + c1]!;
  return out;
}

/** A solution other than the intended one, searched from where the grader got stuck; null if none. */
function secondSolution(p: Plan, stuck: Human): number[] | null {
  const found = countSolutions(stuck.p, 2, stuck, SECOND_BUDGET).solutions;
  for (const s of found) {
    let differs = false;
    const digits: number[] = [];
    for (let i = 0; i < s.length; i++) {
      digits.push(32 - Math.clz32(s[i]!));
      if (digits[i] !== p.sol[i]) differs = true;
    }
    if (differs) return digits;
  }
  return null;
}

/**
 * Rules out a second solution by moving one cell where the two differ into a neighbouring cage and
 * redrawing both clues, trying moves until the second solution no longer fits the clues.
 */
function breakTie(p: Plan, cages: WorkCage[], other: number[], rng: Rng): WorkCage[] | null {
  // Loops and lists made by push, no closures or spreads: this runs for every second solution found,
  // and a function this size is costly to compile again whenever a new kind of array reaches it.
  // Each loop counts up at the top of its body: a count run only after a failed first try got its
  // first run in a timed 4x4 cell and threw breakTie out of optimised code (32 ms to compile again).
  const n = p.n;
  const owner = OWNER;
  for (let k = 0; k < cages.length; k++) {
    const cells = cages[k]!.cells;
    for (let j = 0; j < cells.length; j++) owner[cells[j]!] = k;
  }
  const differ: number[] = [];
  for (let i = 0; i < other.length; i++) if (other[i] !== p.sol[i]) differ.push(i);
  rng.shuffle(differ);
  const looks = Math.min(6, differ.length);
  const minPart = p.givens ? 1 : 2;
  for (let t = 0; t < looks; ) {
    const x = differ[t++]!;
    const a = owner[x]!;
    const ys = rng.shuffle(neighbours(n, x).slice());
    for (let u = 0; u < ys.length; ) {
      const y = ys[u++]!;
      const b = owner[y]!;
      if (b === a) continue;
      let from = without(cages[a]!.cells, x);
      let to = cages[b]!.cells.slice();
      to.push(x);
      if (p.dominoes || to.length > p.maxSize || from.length < minPart || !connected(n, from)) {
        // Swap x for y instead, which keeps both sizes.
        from.push(y);
        to = without(cages[b]!.cells, y);
        to.push(x);
        // The size first: a test met only once both parts proved connected got its first run in
        // a timed 4x4 cell, long after breakTie was optimised, and threw it out of optimised code.
        if (to.length < minPart || !connected(n, from) || !connected(n, to)) continue;
      }
      for (let tries = 0; tries++ < 3; ) {
        const ca = clue(p, from, rng);
        const cb = clue(p, to, rng);
        if (!fits(p, ca, other) || !fits(p, cb, other)) return replaced(cages, a, b, ca, cb);
      }
    }
  }
  // Moving or swapping one cell cannot split a domino from its partner when the two swap digits
  // (two dominoes a,b over b,a): cutting the cage and a neighbour again along a new border can.
  for (let t = 0; t < looks; ) {
    const x = differ[t++]!;
    const a = owner[x]!;
    const ys = rng.shuffle(neighbours(n, x).slice());
    for (let u = 0; u < ys.length; ) {
      const b = owner[ys[u++]!]!;
      if (b === a) continue;
      const joined = joinedCells(cages[a]!.cells, cages[b]!.cells);
      for (let tries = 0; tries++ < 4; ) {
        const parts = recut(p, joined, rng);
        if (!parts) continue;
        const ca = clue(p, parts[0]!, rng);
        const cb = clue(p, parts[1]!, rng);
        if (!fits(p, ca, other) || !fits(p, cb, other)) return replaced(cages, a, b, ca, cb);
      }
    }
  }
  return null;
}

/** The cages without cages a and b, then ca and cb. */
function replaced(cages: WorkCage[], a: number, b: number, ca: WorkCage, cb: WorkCage): WorkCage[] {
  const out: WorkCage[] = [];
  for (let k = 0; k < cages.length; k++) if (k !== a && k !== b) out.push(cages[k]!);
  out.push(ca, cb);
  return out;
}

/*
 * Cell lists are made by push only. Spread with a trailing cell ([...a, x]) and concat with a number
 * made arrays of V8's generic holey kind, about one cage in 25 at 4x4 hard; every function the
 * lists go through then met a second kind of array, was thrown out of optimised code and compiled
 * again, on the compiler's threads, whose CPU counts in the time per puzzle.
 */
function without(cells: readonly number[], x: number): number[] {
  const out: number[] = [];
  for (let j = 0; j < cells.length; j++) if (cells[j] !== x) out.push(cells[j]!);
  return out;
}

function joinedCells(a: readonly number[], b: readonly number[]): number[] {
  const out = a.slice();
  for (let j = 0; j < b.length; j++) out.push(b[j]!);
  return out;
}

/** Whether a filling of the whole grid satisfies a cage's clue as the solver reads it. */
function fits(p: Plan, cage: WorkCage, digits: number[]): boolean {
  const cells = cage.cells;
  const len = cells.length;
  const ops = cageOps(len, cage.op, p.hideOps, p.allowed);
  const t = cage.target;
  let sum = 0;
  let product = 1;
  for (let j = 0; j < len; j++) {
    sum += digits[cells[j]!]!;
    product *= digits[cells[j]!]!;
  }
  const x = digits[cells[0]!]!;
  const y = len === 2 ? digits[cells[1]!]! : 0;
  const hi = x > y ? x : y;
  const lo = x > y ? y : x;
  if (len === 1) return (ops & OP_BIT['=']) !== 0 && x === t;
  if (ops & OP_BIT['+'] && sum === t) return true;
  if (ops & OP_BIT['*'] && product === t) return true;
  if (len !== 2 || hi === lo) return false;
  return (ops & OP_BIT['-'] && hi - lo === t) || (ops & OP_BIT['/'] && hi % lo === 0 && hi / lo === t) ? true : false;
}

/** Gives more away near a cell the grader could not fill: split its cage, or change its sign. */
function easier(p: Plan, cages: WorkCage[], cell: number, rng: Rng): WorkCage[] {
  const k = cages.findIndex((c) => c.cells.includes(cell));
  const cage = cages[k]!;
  const rest: WorkCage[] = [];
  for (let j = 0; j < cages.length; j++) if (j !== k) rest.push(cages[j]!);
  const minPart = p.givens ? 1 : 2;
  if (cage.cells.length >= 2 * minPart && rng.chance(0.7)) {
    const parts = splitRandom(p.n, cage.cells, rng, minPart);
    if (parts) {
      rest.push(clue(p, parts[0], rng));
      rest.push(clue(p, parts[1], rng));
      return rest;
    }
  }
  if (cage.cells.length >= 2 && rng.chance(0.5)) {
    const next = clue(p, cage.cells, rng, cage.op);
    if (next.op !== cage.op) {
      rest.push(next);
      return rest;
    }
  }
  return reshape(p, cages, k, rng) ?? cages;
}

/** Says less: merge two neighbouring cages, or swap a sign for another. */
function harder(p: Plan, cages: WorkCage[], rng: Rng): WorkCage[] {
  if (!p.dominoes && rng.chance(0.5)) {
    const lists: number[][] = [];
    for (const c of cages) lists.push(c.cells);
    const merged = mergeRandom(p.n, lists, rng, p.maxSize);
    if (merged) return rebuild(p, cages, merged, rng);
  }
  if (rng.chance(0.5)) {
    const k = rng.int(0, cages.length - 1);
    if (cages[k]!.cells.length >= 2) {
      const next = clue(p, cages[k]!.cells, rng, cages[k]!.op);
      const out: WorkCage[] = [];
      for (let j = 0; j < cages.length; j++) out.push(j === k ? next : cages[j]!);
      return out;
    }
  }
  return reshape(p, cages, rng.int(0, cages.length - 1), rng) ?? cages;
}

/** Redraws the border between cage k and a neighbour: both are joined and cut again elsewhere. */
function reshape(p: Plan, cages: WorkCage[], k: number, rng: Rng): WorkCage[] | null {
  const owner = OWNER; // every cell is in some cage, so every entry is rewritten
  for (let j = 0; j < cages.length; j++) for (const i of cages[j]!.cells) owner[i] = j;
  const near: number[] = [];
  for (const i of cages[k]!.cells) {
    for (const j of neighbours(p.n, i)) if (owner[j] !== k && !near.includes(owner[j]!)) insertSorted(near, owner[j]!);
  }
  if (!near.length) return null;
  const other = rng.pick(near);
  const parts = recut(p, joinedCells(cages[k]!.cells, cages[other]!.cells), rng);
  if (!parts) return null;
  const out: WorkCage[] = [];
  for (let j = 0; j < cages.length; j++) if (j !== k && j !== other) out.push(cages[j]!);
  out.push(clue(p, parts[0]!, rng));
  out.push(clue(p, parts[1]!, rng));
  return out;
}

/** The cells of two joined cages cut again into two cages the plan allows, or null. */
function recut(p: Plan, joined: number[], rng: Rng): number[][] | null {
  const parts =
    p.dominoes && joined.length === 4 ? dominoPair(p.n, joined, rng) : splitRandom(p.n, joined, rng, p.givens ? 1 : 2);
  return parts && parts.every((c) => c.length <= p.maxSize) ? parts : null;
}

/** Four cells that two dominoes covered, covered again by two dominoes if another way exists. */
function dominoPair(n: number, cells: number[], rng: Rng): [number[], number[]] | null {
  const ways: [number[], number[]][] = [];
  const [a, b, c, d] = cells as [number, number, number, number];
  for (const [x, y, z, w] of [
    [a, b, c, d],
    [a, c, b, d],
    [a, d, b, c],
  ] as const) {
    if (neighbours(n, x).includes(y) && neighbours(n, z).includes(w)) ways.push([[x, y], [z, w]]);
  }
  return ways.length ? rng.pick(ways) : null;
}

/** Keeps the clues of cages that did not change; new cages get fresh clues. */
function rebuild(p: Plan, old: WorkCage[], cells: number[][], rng: Rng): WorkCage[] {
  // Cages that did not change keep their very cell arrays (partition.ts copies none it keeps), and
  // their order, so looking on from the last one found is quick.
  const out: WorkCage[] = [];
  let hint = 0;
  for (const c of cells) {
    let same: WorkCage | null = null;
    for (let t = 0; t < old.length && !same; t++) {
      const o = old[(hint + t) % old.length]!;
      if (o.cells === c) {
        same = o;
        hint = (hint + t + 1) % old.length;
      }
    }
    out.push(same ?? clue(p, c, rng));
  }
  return out;
}

const byNumber = (a: number, b: number): number => a - b;

function toModel(o: CalcudokuOptions, p: Plan, cages: WorkCage[]): CalcudokuModel {
  const n = p.n;
  const out: Cage[] = [];
  for (const c of cages) {
    const sorted = c.cells.slice().sort(byNumber);
    // A list filled by push, not map(): map's result is a holey array until the code calling it is
    // optimised and a packed one after, and the check then met a second kind of array and was
    // compiled again, within the first cells the bench times.
    const cells: [number, number][] = [];
    for (const i of sorted) cells.push([(i / n) | 0, i % n]);
    out.push({ cells, op: c.op, target: c.target });
  }
  // Cages in reading order of their first cells.
  out.sort((a, b) => a.cells[0]![0] * n + a.cells[0]![1] - (b.cells[0]![0] * n + b.cells[0]![1]));
  const solution: number[][] = [];
  for (let r = 0; r < n; r++) solution.push(p.sol.slice(r * n, r * n + n));
  return { size: n, difficulty: o.difficulty, ops: o.ops, hideOps: o.hideOps, cages: out, solution };
}
