/*
 * A second, deliberately plain implementation of Multiplication Ludo for the tests: arrays and
 * objects, written from the rules in the issue, sharing no code with src/kinds/ludo.
 */
import { Rng } from '../../src/core/rng.js';

export const TARGET = 120;

/** 2^a 3^b 5^c up to 120: the squares a product of rolls 2-6 can make, 1 included. */
export function smoothUpTo(limit: number): number[] {
  const out: number[] = [];
  for (let a = 1; a <= limit; a *= 2) for (let b = a; b <= limit; b *= 3) for (let c = b; c <= limit; c *= 5) out.push(c);
  return out.sort((x, y) => x - y);
}

export function divisorsOf(n: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= n; d++) if (n % d === 0) out.push(d);
  return out;
}

// Exact fractions over BigInt, for Gaussian elimination.
type Frac = [bigint, bigint];
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const norm = ([n, d]: Frac): Frac => {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return [n / g, d / g];
};
const sub = (x: Frac, y: Frac): Frac => norm([x[0] * y[1] - y[0] * x[1], x[1] * y[1]]);
const mul = (x: Frac, y: Frac): Frac => norm([x[0] * y[0], x[1] * y[1]]);
const div = (x: Frac, y: Frac): Frac => norm([x[0] * y[1], x[1] * y[0]]);

/**
 * Expected turns from 1 for a lone marker that must use every roll, as the full linear system
 * E = 1 + (1/6) sum over rolls of E[next], solved by Gaussian elimination.
 */
export function expectedTurnsFromOne(): { num: bigint; den: bigint } {
  const states = smoothUpTo(TARGET).filter((s) => s !== TARGET);
  const index = new Map(states.map((s, i) => [s, i]));
  const n = states.length;
  // Row i: 6 E_i - sum_r E_next = 6, with E_next for roll 1 = E_i itself.
  const A: Frac[][] = states.map(() => Array.from({ length: n + 1 }, (): Frac => [0n, 1n]));
  states.forEach((s, i) => {
    const row = A[i]!;
    row[i] = [6n, 1n];
    row[n] = [6n, 1n];
    for (let r = 1; r <= 6; r++) {
      const next = r === 1 ? s : s * r > TARGET ? 1 : s * r;
      if (next === TARGET) continue;
      const j = index.get(next)!;
      row[j] = sub(row[j]!, [1n, 1n]);
    }
  });
  for (let col = 0; col < n; col++) {
    const pivot = A.findIndex((row, r) => r >= col && row[col]![0] !== 0n);
    [A[col], A[pivot]] = [A[pivot]!, A[col]!];
    const p = A[col]!;
    for (let r = 0; r < n; r++) {
      if (r === col || A[r]![col]![0] === 0n) continue;
      const f = div(A[r]![col]!, p[col]!);
      A[r] = A[r]!.map((v, k) => sub(v, mul(f, p[k]!)));
    }
  }
  const i1 = index.get(1)!;
  const [num, den] = div(A[i1]![n]!, A[i1]![i1]!);
  return { num, den };
}

export type Chooser = (mine: number[], theirs: number[], roll: number, rng: Rng) => number;

export const randomChooser: Chooser = (mine, _theirs, _roll, rng) => {
  const open = mine.map((p, i) => i).filter((i) => mine[i] !== TARGET);
  return open[rng.int(0, open.length - 1)]!;
};

/** Auto120 as the issue words it: A, then B, C, D; a random marker within the first rule that applies. */
export const auto120Chooser: Chooser = (mine, theirs, roll, rng) => auto120Like(mine, theirs, roll, rng, false);

/**
 * The original Auto120 program's intended rule D (its Java filters out markers on a penultimate
 * square and markers that would pass 120, and "reverts" to any marker when none is left).
 */
export const auto120KeepChooser: Chooser = (mine, theirs, roll, rng) => auto120Like(mine, theirs, roll, rng, true);

function auto120Like(mine: number[], theirs: number[], roll: number, rng: Rng, keep: boolean): number {
  const open = mine.map((p, i) => i).filter((i) => mine[i] !== TARGET);
  const penultimate = [2, 3, 4, 5, 6].map((r) => TARGET / r);
  const tests = [
    (to: number) => to === TARGET || penultimate.includes(to),
    (to: number) => to <= TARGET && TARGET % to === 0,
    (to: number) => to < TARGET && theirs.includes(to),
    (to: number, from: number) => to <= TARGET && !(keep && penultimate.includes(from)),
    () => true,
  ];
  for (const t of tests) {
    const ok = open.filter((i) => t(mine[i]! * roll, mine[i]!));
    if (ok.length > 0) return ok[rng.int(0, ok.length - 1)]!;
  }
  throw new Error('unreachable');
}

/** One game; returns the winner (0 or 1) and the number of rolls by both players. */
export function referenceGame(choosers: [Chooser, Chooser], rng: Rng, first: number): { winner: number; rolls: number } {
  const boards = [
    [1, 1, 1, 1],
    [1, 1, 1, 1],
  ];
  let player = first;
  let rolls = 0;
  for (;;) {
    rolls++;
    const roll = rng.int(1, 6);
    if (roll > 1) {
      const mine = boards[player]!;
      const theirs = boards[1 - player]!;
      const k = choosers[player]!(mine, theirs, roll, rng);
      const to = mine[k]! * roll;
      if (to > TARGET) mine[k] = 1;
      else {
        mine[k] = to;
        if (to < TARGET) theirs.forEach((p, j) => p === to && (theirs[j] = 1));
      }
      if (mine.every((p) => p === TARGET)) return { winner: player, rolls };
    }
    player = 1 - player;
  }
}
