import { z } from 'zod';
import type { OptionSpec } from '../../core/kind.js';
import { fail, failOn, failTogether, range } from '../../core/errors.js';
import { isPrime, possibleValues, validScalars } from './numbers.js';

export type Task =
  | { type: 'multiples'; p: number }
  | { type: 'both'; p: number; q: number }
  | { type: 'primes' }
  | { type: 'next'; n?: number } // no n: the generator picks a number on the board
  | { type: 'chain'; k: number };

export interface FultiplesOptions {
  primes: number[]; // ascending, distinct, always with 2 and 3
  scalars: [number, number];
  cols: number;
  rows: number;
  wildChance: number; // percent per wild value
  playable: boolean;
  tasks: Task[];
}

export const DEFAULTS: FultiplesOptions = {
  primes: [2, 3, 7],
  scalars: [2, 20],
  cols: 10,
  rows: 10,
  wildChance: 3,
  playable: true,
  tasks: [],
};

const MAX_PRIME = 97; // keeps board numbers at four digits or fewer
const MAX_SCALAR = 100;
const SIDE = [5, 15] as const;
const MAX_WILD = 20;
const CHAIN = [2, 15] as const;

export const options: OptionSpec[] = [
  { key: 'primes', flags: '--primes <list>', description: 'the prime alphabet, comma-separated, must include 2 and 3, primes up to 97 (default 2,3,7)', help: 'the primes every number on the board is made from, for example 2,3,7; they must include 2 and 3, primes up to 97', example: '2,3,7' },
  { key: 'scalars', flags: '--scalars <lo-hi>', description: 'the numbers the primes are multiplied by, from 2 up to 100 (default 2-20)', help: 'the numbers the primes are multiplied by, from 2 up to 100 (2-20 when left empty)', label: 'Multipliers', example: '2-20' },
  { key: 'size', flags: '--size <n>', description: 'square board of n by n cells, 5 to 15 (default 10)', range: [5, 15], example: '10', help: 'squares across and down, 5 to 15 (10 when left empty)' },
  { key: 'cols', flags: '--cols <n>', description: 'board columns, 5 to 15 (default: same as --size)', range: [5, 15], label: 'Columns', help: 'for a board that is not square: squares across, 5 to 15 (leave empty for the size above)' },
  { key: 'rows', flags: '--rows <n>', description: 'board rows, 5 to 15 (default: same as --size)', range: [5, 15], help: 'for a board that is not square: squares down, 5 to 15 (leave empty for the size above)' },
  { key: 'wildChance', flags: '--wild-chance <percent>', description: 'chance per cell of each wild card 1, 2, 3, 0 to 20 percent (default 3)', range: [0, 20], label: 'Wild squares', help: 'squares with a star, for 1, 2 or 3 (1 is a factor of every number): how many in every 100 for each of the three, 0 to 20 (3 when left empty)' },
  { key: 'playable', flags: '--playable', description: 'deal again any board where a number has no factor or multiple elsewhere (default on)', label: 'Every number playable', help: 'each number on the board has a factor or a multiple somewhere else on it, so it can be reached' },
  { key: 'playable', flags: '--no-playable', description: 'keep such boards' },
  {
    key: 'task',
    flags: '--task <task>',
    description: 'a worksheet on the board, may be repeated: multiples:P, both:P,Q, primes, next[:N], chain:K',
    // not "Worksheets": in a class set the page's worksheets hold this one, a Fultiples sheet among them
    label: 'Worksheets on the board',
    help: 'each worksheet is printed after the boards, with its answers in the key; change the numbers in its boxes if you like',
    repeatable: true,
    example: 'multiples:7',
    // {7}: a number the teacher may change, 7 to start with; {} in the words is where its box stands
    suggestions: {
      'multiples:{7}': 'Shade the multiples of {}',
      'both:{2},{3}': 'Circle the numbers divisible by both {} and {}',
      primes: 'Write numbers as products of primes',
      next: 'Find the next move',
      'next:{12}': 'Find the next move after {}',
      'chain:{5}': 'Make a chain of {} moves',
    },
  },
];

// examples with their meaning, not letters to decode (P, Q, N, K): a teacher reads this by the box too
const TASK_HELP = 'not a worksheet; write one of multiples:7 (shade the multiples of 7), both:2,3 (of both 2 and 3), primes, next (or next:12, the move after 12) or chain:5 (a chain of 5 moves)';

function intIn(flag: string, raw: unknown, lo: number, hi: number): number {
  const text = String(raw).trim();
  const n = typeof raw === 'number' ? raw : /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < lo || n > hi) failOn(flag, `${text}: give a whole number from ${lo} to ${hi}`, range(lo, hi));
  return n;
}

function parsePrimes(raw: unknown): number[] {
  if (raw === undefined) return DEFAULTS.primes;
  const parts = Array.isArray(raw) ? raw.map(String) : String(raw).split(',');
  const list = parts.map((t) => t.trim());
  const nums: number[] = [];
  for (const t of list) {
    const n = /^\d+$/.test(t) ? Number(t) : NaN;
    if (!isPrime(n)) failOn('--primes', `: "${t}" is not a prime; give primes such as 2,3,5,7 (1 and 0 are not primes)`);
    if (n > MAX_PRIME) failOn('--primes', `: ${n} is too large; use primes up to ${MAX_PRIME}`);
    if (nums.includes(n)) failOn('--primes', `: ${n} is listed twice; give each prime once`);
    nums.push(n);
  }
  // 2 and 3 keep the wild cards 2 and 3 playable and give every board its small, busy numbers.
  if (!nums.includes(2) || !nums.includes(3)) failOn('--primes', `${list.join(',')}: the list must include 2 and 3, e.g. 2,3,7`);
  return nums.sort((a, b) => a - b);
}

function parseScalars(raw: unknown): [number, number] {
  if (raw === undefined) return DEFAULTS.scalars;
  const text = Array.isArray(raw) ? raw.join('-') : String(raw).trim();
  const m = /^(\d+)\s*-\s*(\d+)$/.exec(text) ?? /^(\d+)$/.exec(text);
  if (!m) failOn('--scalars', `"${text}": give a range like 2-20`, { what: 'format', example: '2-20' });
  const lo = Number(m[1]);
  const hi = Number(m[2] ?? m[1]);
  if (lo < 2) failOn('--scalars', `${text}: the range must start at 2 or more (1 would put bare primes on the board)`);
  if (hi > MAX_SCALAR) failOn('--scalars', `${text}: the range must end at ${MAX_SCALAR} or less`);
  if (lo > hi) failOn('--scalars', `${text}: the first number must not be bigger than the second`);
  return [lo, hi];
}

function parseTask(raw: unknown): Task {
  if (raw && typeof raw === 'object') return parseTask(taskText(raw as Task));
  const text = String(raw).trim();
  const [name, arg] = text.split(':', 2) as [string, string | undefined];
  const nums = arg === undefined ? [] : arg.split(',').map((t) => (/^\d+$/.test(t.trim()) ? Number(t) : NaN));
  const bad = () => failOn('--task', `${text}: ${TASK_HELP}`, { what: 'notWorksheet', name: text });
  if (nums.some((n) => Number.isNaN(n))) bad();
  switch (name.toLowerCase()) {
    case 'multiples':
      if (nums.length !== 1) bad();
      return { type: 'multiples', p: nums[0]! };
    case 'both':
      if (nums.length !== 2) bad();
      return { type: 'both', p: nums[0]!, q: nums[1]! };
    case 'primes':
      if (nums.length !== 0) bad();
      return { type: 'primes' };
    case 'next':
      if (nums.length > 1) bad();
      return nums.length ? { type: 'next', n: nums[0]! } : { type: 'next' };
    case 'chain':
      if (nums.length !== 1) bad();
      return { type: 'chain', k: nums[0]! };
    default:
      return bad();
  }
}

/** The CLI spelling of a task, used in messages and to accept task objects from plans. */
export function taskText(t: Task): string {
  switch (t.type) {
    case 'multiples':
      return `multiples:${t.p}`;
    case 'both':
      return `both:${t.p},${t.q}`;
    case 'primes':
      return 'primes';
    case 'next':
      return t.n === undefined ? 'next' : `next:${t.n}`;
    case 'chain':
      return `chain:${t.k}`;
  }
}

/** Refuses tasks no board with these options could ever answer, before any board is made. */
function checkTask(t: Task, o: Omit<FultiplesOptions, 'tasks'>, values: number[]): void {
  const task = taskText(t);
  const alphabet = o.primes.join(',');
  const onBoard = (p: number) => {
    if (!o.primes.includes(p)) failOn('--task', `${task}: ${p} is not one of the board's primes (${alphabet}); choose one of them`);
  };
  if (t.type === 'multiples') onBoard(t.p);
  if (t.type === 'both') {
    onBoard(t.p);
    onBoard(t.q);
    if (t.p === t.q) failOn('--task', `${task}: give two different primes from ${alphabet}`);
    if (!values.some((v) => v % (t.p * t.q) === 0)) {
      failOn('--task', `${task}: no number on these boards can be divisible by both ${t.p} and ${t.q}; widen --scalars or pick other primes`);
    }
  }
  if (t.type === 'next' && t.n !== undefined && !values.includes(t.n)) {
    failOn('--task', `${task}: ${t.n} can never be on these boards (numbers are one of ${alphabet} times a scalar from ${o.scalars[0]}-${o.scalars[1]}); pick a number on the board or leave it out`);
  }
  if (t.type === 'chain' && (t.k < CHAIN[0] || t.k > CHAIN[1])) {
    failOn('--task', `${task}: a chain must have ${CHAIN[0]} to ${CHAIN[1]} cells`);
  }
}

function parseWild(raw: unknown): number {
  if (raw === undefined) return DEFAULTS.wildChance;
  const text = String(raw).trim().replace(/%$/, '');
  const n = /^\d+(\.\d)?$/.test(text) ? Number(text) : NaN;
  if (!(n >= 0 && n <= MAX_WILD)) failOn('--wild-chance', `${text}: give a percent from 0 to ${MAX_WILD}, with at most one decimal (e.g. 3 or 2.5)`, range(0, MAX_WILD, { step: 0.1, unit: 'percent' }));
  return n;
}

function parseBool(flag: string, raw: unknown): boolean {
  if (raw === undefined) return true;
  if (typeof raw === 'boolean') return raw;
  const t = String(raw).toLowerCase();
  if (t === 'true' || t === 'yes' || t === 'on') return true;
  if (t === 'false' || t === 'no' || t === 'off') return false;
  return failOn(flag, `${String(raw)}: give true or false`);
}

/** Turns raw options (CLI strings or plan values) into checked, canonical options. */
export function normalize(raw: Record<string, unknown>): FultiplesOptions {
  const rawTasks = raw.task ?? raw.tasks;
  const list = rawTasks === undefined ? [] : Array.isArray(rawTasks) ? rawTasks : [rawTasks];
  // every field read on its own is checked at once, so a form marks each wrong one, not only the first
  const [primes, scalars, size, cols, rows, wildChance, playable, tasks] = failTogether(
    () => parsePrimes(raw.primes),
    () => parseScalars(raw.scalars),
    () => (raw.size === undefined ? DEFAULTS.cols : intIn('--size', raw.size, SIDE[0], SIDE[1])),
    () => (raw.cols === undefined ? undefined : intIn('--cols', raw.cols, SIDE[0], SIDE[1])),
    () => (raw.rows === undefined ? undefined : intIn('--rows', raw.rows, SIDE[0], SIDE[1])),
    () => parseWild(raw.wildChance),
    () => parseBool('--playable', raw.playable),
    () => list.map(parseTask),
  );
  // these need the primes and multipliers above to be right first
  const range = validScalars(primes, scalars[0], scalars[1]);
  if (range.length === 0) {
    failOn('--scalars', `${scalars.join('-')}: no number in this range is built only from the primes ${primes.join(',')}; widen the range (e.g. 2-20)`);
  }
  const base = { primes, scalars, cols: cols ?? size, rows: rows ?? size, wildChance, playable };
  const values = possibleValues(primes, range, wildChance > 0);
  for (const t of tasks) checkTask(t, base, values);
  return { ...base, tasks };
}

const field = z.unknown().optional();

export const schema = z
  .object({ primes: field, scalars: field, size: field, cols: field, rows: field, wildChance: field, playable: field, task: field, tasks: field })
  .transform((raw) => normalize(raw));

// Codes: uppercase tags for board options, lowercase tags for tasks; defaults are left out.
const TASK_TAGS: Record<Task['type'], string> = { multiples: 'm', both: 'b', primes: 'f', next: 'n', chain: 'c' };

export function encode(o: FultiplesOptions): string {
  let out = '';
  if (o.primes.join() !== DEFAULTS.primes.join()) out += `P${o.primes.join('.')}`;
  if (o.scalars.join() !== DEFAULTS.scalars.join()) out += `S${o.scalars.join('.')}`;
  if (o.cols !== DEFAULTS.cols || o.rows !== DEFAULTS.rows) out += `G${o.cols}.${o.rows}`;
  if (o.wildChance !== DEFAULTS.wildChance) out += `W${o.wildChance}`;
  if (!o.playable) out += 'N';
  for (const t of o.tasks) {
    const args = t.type === 'multiples' ? [t.p] : t.type === 'both' ? [t.p, t.q] : t.type === 'chain' ? [t.k] : t.type === 'next' && t.n !== undefined ? [t.n] : [];
    out += TASK_TAGS[t.type] + args.join('.');
  }
  return out;
}

export function decode(text: string): FultiplesOptions {
  const bad = () => fail(`"${text}" is not the options part of a Fultiples code (M...-XXXXXXXX); copy the code exactly as printed`);
  if (!/^([A-Za-z][0-9.]*)*$/.test(text)) bad();
  const raw: Record<string, unknown> = {};
  const tasks: string[] = [];
  for (const [, tag, arg] of text.matchAll(/([A-Za-z])([0-9.]*)/g)) {
    const nums = arg ? arg.split('.') : [];
    if (tag === 'P') raw.primes = nums.join(',');
    else if (tag === 'S' && nums.length === 2) raw.scalars = nums.join('-');
    else if (tag === 'G' && nums.length === 2) [raw.cols, raw.rows] = nums;
    else if (tag === 'W') raw.wildChance = arg;
    else if (tag === 'N' && !arg) raw.playable = false;
    else {
      const type = (Object.keys(TASK_TAGS) as Task['type'][]).find((k) => TASK_TAGS[k] === tag);
      if (!type) bad();
      tasks.push(nums.length ? `${type}:${nums.join(',')}` : type!);
    }
  }
  raw.task = tasks;
  return normalize(raw);
}
