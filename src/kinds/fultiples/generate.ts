import type { Rng } from '../../core/rng.js';
import { fail, failOn, aOrAn, type Ease, type Place } from '../../core/errors.js';
import type { FultiplesOptions, Task } from './options.js';
import { taskText } from './options.js';
import type { Cell, FultiplesModel, TaskAnswer } from './model.js';
import { primeFactors, related, validScalars, WILD_VALUES } from './numbers.js';
import { clearInKey, NUMBER_HALF } from './chain-clear.js';

/*
 * The board algorithm follows OgloTheNerd's published Fultiples generator: every cell is a random
 * prime of the alphabet times a random valid scalar, and each wild value 1, 2, 3 is dealt in turn
 * with a small chance per cell. Its known faults, and what we do instead:
 *  - it accepted 1 and 0 (and any other number) as "primes": options.ts takes real primes only;
 *  - a prime listed twice was drawn twice as often: duplicates are refused;
 *  - 2 and 3 were not enforced, yet the wild cards 2 and 3 need them: both are required;
 *  - a valid scalar only had to avoid primes *inside* the scalar range, so a range starting above
 *    a prime let it through (6-20 gave 10 = 2 x 5 on a 2-3-7 board): scalars must be built from
 *    the alphabet alone (numbers.ts, validScalars);
 *  - a range with no valid scalar left nothing to pick from: options.ts refuses it with a message;
 *  - a number could be stranded with no factor or multiple anywhere (a lone 49): with `playable`
 *    such boards are dealt again. A wild cell does not count as a partner here, since a wild 1
 *    is a factor of everything and would hide every stranded number.
 */

const ATTEMPTS = 2000;
const CHAIN_BUDGET = 200000; // DFS steps per board: the board is fixed, so search it well before giving up
const CLEAR_STEPS = 2000; // DFS steps from each start, looking for a chain drawn clear in the key

interface Board {
  values: number[][];
  wild: Cell[];
}

function dealBoard(o: FultiplesOptions, scalars: number[], rng: Rng): Board {
  const chance = o.wildChance / 100;
  const wild: Cell[] = [];
  const values: number[][] = [];
  for (let r = 0; r < o.rows; r++) {
    const row: number[] = [];
    for (let c = 0; c < o.cols; c++) {
      let value = 0;
      for (const w of WILD_VALUES) {
        if (rng.chance(chance)) {
          value = w;
          break;
        }
      }
      if (value) wild.push([r, c]);
      else value = rng.pick(o.primes) * rng.pick(scalars);
      row.push(value);
    }
    values.push(row);
  }
  return { values, wild };
}

function isWild(b: Board, r: number, c: number): boolean {
  return b.wild.some(([wr, wc]) => wr === r && wc === c);
}

/** Each distinct non-wild value with how many cells hold it. */
function plainCounts(b: Board): Map<number, number> {
  const counts = new Map<number, number>();
  b.values.forEach((row, r) =>
    row.forEach((v, c) => {
      if (!isWild(b, r, c)) counts.set(v, (counts.get(v) ?? 0) + 1);
    }),
  );
  return counts;
}

function everyCellHasPartner(b: Board): boolean {
  const counts = plainCounts(b);
  const values = [...counts.keys()];
  return values.every((v) => counts.get(v)! > 1 || values.some((u) => u !== v && related(u, v)));
}

function cellsWhere(b: Board, test: (v: number, r: number, c: number) => boolean): Cell[] {
  const out: Cell[] = [];
  b.values.forEach((row, r) => row.forEach((v, c) => test(v, r, c) && out.push([r, c])));
  return out;
}

function nextMove(b: Board, t: { n?: number }, rng: Rng): TaskAnswer | null {
  const legal = ([r, c]: Cell) => cellsWhere(b, (v, r2, c2) => (r2 !== r || c2 !== c) && related(v, b.values[r]![c]!));
  let start: Cell[];
  if (t.n !== undefined) start = cellsWhere(b, (v) => v === t.n);
  else {
    const plain = cellsWhere(b, (_v, r, c) => !isWild(b, r, c));
    start = plain.filter((cell) => legal(cell).length >= 2);
    if (start.length === 0) start = plain;
  }
  if (start.length === 0) return null;
  const cell = rng.pick(start);
  const answer = legal(cell);
  return answer.length ? { type: 'next', n: b.values[cell[0]]![cell[1]]!, cell, answer } : null;
}

/** Does the segment p-q cross the axis-aligned box centred at c? (Liang-Barsky clipping.) */
function crosses(p: [number, number], q: [number, number], c: [number, number]): boolean {
  let t0 = 0;
  let t1 = 1;
  const d = [q[0] - p[0], q[1] - p[1]];
  const half = [NUMBER_HALF.w, NUMBER_HALF.h];
  for (let axis = 0; axis < 2; axis++) {
    const lo = c[axis]! - half[axis]! - p[axis]!;
    const hi = c[axis]! + half[axis]! - p[axis]!;
    const dv = d[axis]!;
    if (dv === 0) {
      if (lo > 0 || hi < 0) return false;
      continue;
    }
    const a = lo / dv;
    const b = hi / dv;
    t0 = Math.max(t0, Math.min(a, b));
    t1 = Math.min(t1, Math.max(a, b));
    if (t0 > t1) return false;
  }
  return true;
}

/** An arrow from cell a to cell b in the answer key passes no other cell's number. */
export function clearStep(a: Cell, b: Cell, rows: number, cols: number): boolean {
  const p: [number, number] = [a[1] + 0.5, a[0] + 0.5];
  const q: [number, number] = [b[1] + 0.5, b[0] + 0.5];
  for (let r = Math.min(a[0], b[0]); r <= Math.max(a[0], b[0]) && r < rows; r++) {
    for (let c = Math.min(a[1], b[1]); c <= Math.max(a[1], b[1]) && c < cols; c++) {
      if ((r === a[0] && c === a[1]) || (r === b[0] && c === b[1])) continue;
      if (crosses(p, q, [c + 0.5, r + 0.5])) return false;
    }
  }
  return true;
}

/**
 * A chain of k different non-wild numbers, each a factor or multiple of the one before. Each step
 * goes to a cell the answer key's arrow can reach without running through another number, nearest
 * first so the arrows stay short. A chain whose arrows neither cross nor touch is looked for first;
 * a board with none gets the first chain found without that.
 */
function chain(b: Board, k: number, rng: Rng): TaskAnswer | null {
  const cells = rng.shuffle(cellsWhere(b, (_v, r, c) => !isWild(b, r, c)));
  const value = ([r, c]: Cell) => b.values[r]![c]!;
  const dist = (a: Cell, o: Cell) => Math.hypot(a[0] - o[0], a[1] - o[1]);
  const near = new Map(
    cells.map((a) => [
      a,
      cells
        .filter((o) => value(o) !== value(a) && related(value(o), value(a)) && clearStep(a, o, b.values.length, b.values[0]!.length))
        .sort((x, y) => dist(a, x) - dist(a, y)),
    ]),
  );
  const search = (clear: boolean): Cell[] | null => {
    let steps = 0;
    let limit = CHAIN_BUDGET;
    const path: Cell[] = [];
    const used = new Set<number>();
    const walk = (cell: Cell): boolean => {
      if (++steps > limit) return false;
      path.push(cell);
      used.add(value(cell));
      if (path.length === k) return true;
      for (const o of near.get(cell)!) if (!used.has(value(o)) && (!clear || clearInKey(path, o)) && walk(o)) return true;
      path.pop();
      used.delete(value(cell));
      return false;
    };
    if (!clear) return cells.some((c) => walk(c)) ? path : null;
    // the clear chain's search is stuck deep in one start's branches more often than not: each start
    // gets a share of the steps, so every start is tried
    for (const c of cells) {
      limit = steps + CLEAR_STEPS;
      if (walk(c)) return path;
      steps = limit;
    }
    return null;
  };
  const path = search(true) ?? search(false);
  return path ? { type: 'chain', k, answer: path } : null;
}

export const PRIMES_SHEET = { most: 16, fewest: 12 } as const;

/**
 * Different numbers of the board for a factor-tree worksheet: numbers with several prime factors
 * first (they make trees worth drawing), then primes if the board has too few; easiest first.
 */
function primesSheet(b: Board, rng: Rng): TaskAnswer | null {
  const plain = [...plainCounts(b).keys()];
  const composite = rng.shuffle(plain.filter((v) => primeFactors(v).length >= 2));
  const others = rng.shuffle(plain.filter((v) => primeFactors(v).length < 2 && v > 1));
  const numbers = [...composite, ...others].slice(0, PRIMES_SHEET.most);
  if (numbers.length < Math.min(PRIMES_SHEET.fewest, plain.length) || numbers.length < 4) return null;
  numbers.sort((x, y) => primeFactors(x).length - primeFactors(y).length || x - y);
  return { type: 'primes', numbers, answer: numbers.map(primeFactors) };
}

function answerTask(b: Board, t: Task, rng: Rng): TaskAnswer | null {
  switch (t.type) {
    case 'multiples': {
      const answer = cellsWhere(b, (v) => v % t.p === 0);
      return answer.length ? { type: 'multiples', p: t.p, answer } : null;
    }
    case 'both': {
      const answer = cellsWhere(b, (v) => v % t.p === 0 && v % t.q === 0);
      return answer.length ? { type: 'both', p: t.p, q: t.q, answer } : null;
    }
    case 'primes':
      return primesSheet(b, rng);
    case 'next':
      return nextMove(b, t, rng);
    case 'chain':
      return chain(b, t.k, rng);
  }
}

/**
 * The board depends only on the board's options and the random source: worksheets are answered
 * from their own stream afterwards, so a board printed for play matches worksheets printed later.
 */
export function generate(o: FultiplesOptions, rng: Rng): FultiplesModel {
  const scalars = validScalars(o.primes, o.scalars[0], o.scalars[1]);
  let b: Board | null = null;
  for (let attempt = 0; attempt < ATTEMPTS && !b; attempt++) {
    const dealt = dealBoard(o, scalars, rng);
    if (!o.playable || everyCellHasPartner(dealt)) b = dealt;
  }
  if (!b) {
    // The same ways out as data, for a page to word; a board kept as dealt is always found. A number
    // finds a partner among the others made from its prime, or as a multiple of a small number: a
    // bigger board, fewer primes and multipliers from 2 help; more primes or bigger multipliers
    // (which it used to suggest) only make partners rarer.
    const ease: Ease[] = [
      { field: '--size', way: 'bigger' },
      { field: '--primes', way: 'fewer' },
      { field: '--scalars', way: 'smaller' },
      { field: '--playable', way: 'off' },
    ];
    const place: Place = { field: '--playable', said: { what: 'cannotMake', thing: 'board', ease }, fixes: [{ field: '--playable', value: 'false' }] };
    return fail(`could not deal ${aOrAn(String(o.cols))} ${o.cols}x${o.rows} board with every number with a partner in ${ATTEMPTS} tries; use a bigger board, fewer primes or smaller --scalars (from 2), or --no-playable`, [], place);
  }
  const taskRng = rng.fork('tasks');
  const tasks = o.tasks.map((t) => answerTask(b, t, taskRng) ?? failOn('--task', impossible(t)));
  return {
    primes: o.primes,
    scalars: o.scalars,
    wildChance: o.wildChance,
    playable: o.playable,
    board: b.values,
    wild: b.wild,
    tasks,
  };
}

function impossible(t: Task): string {
  const what = taskText(t);
  switch (t.type) {
    case 'multiples':
    case 'both':
      return `${what}: a board of this seed has no such number; choose a prime of the board's alphabet (--primes) or another --seed`;
    case 'next':
      return `${what}: a board of this seed has no ${t.n ?? 'number with a partner'}; write just "next" to let each worksheet pick a number on its board, or choose another --seed`;
    case 'chain':
      return `${what}: no chain that long was found on a board of this seed; ask for a shorter chain or another --seed`;
    case 'primes':
      return `${what}: the board has too few different numbers; use a bigger board`;
  }
}
