/**
 * The board arithmetic of Multiplication Ludo (James Russo, Prime Number, 2018): markers start on
 * 1, a roll of 2-6 multiplies a marker's square, overshooting 120 sends it back to 1. Every fact a
 * sheet prints is derived here from these few constants rather than typed in.
 */
export const GOAL = 120;
export const START = 1;
export const MOVE_ROLLS = [2, 3, 4, 5, 6] as const;
export const MARKERS = 4;

export type Landing =
  | { kind: 'forfeit'; to: number } // a roll of 1: the turn is lost, nothing moves
  | { kind: 'home'; to: number } // exactly 120: the marker retires
  | { kind: 'overshoot'; to: number } // past 120: back to 1
  | { kind: 'square'; to: number };

export function land(from: number, roll: number): Landing {
  if (roll === 1) return { kind: 'forfeit', to: from };
  const to = from * roll;
  if (to === GOAL) return { kind: 'home', to };
  if (to > GOAL) return { kind: 'overshoot', to: START };
  return { kind: 'square', to };
}

/** Squares a marker can stand on: 1 and everything reached from it by products of 2-6. */
export function reachableSquares(): number[] {
  const seen = new Set<number>([START]);
  const queue = [START];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const r of MOVE_ROLLS) {
      const to = at * r;
      if (to <= GOAL && !seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}

/** Squares from which some sequence of rolls still ends exactly on 120 (120 itself included). */
export function onPathSquares(): number[] {
  const good = new Set<number>([GOAL]);
  const squares = reachableSquares();
  // Products only grow, so deciding from the top down sees every successor first.
  for (let i = squares.length - 1; i >= 0; i--) {
    const s = squares[i]!;
    if (MOVE_ROLLS.some((r) => good.has(s * r))) good.add(s);
  }
  return squares.filter((s) => good.has(s));
}

/** One roll away from 120. */
export function penultimateSquares(): number[] {
  return reachableSquares().filter((s) => s !== GOAL && MOVE_ROLLS.some((r) => s * r === GOAL));
}

export function deadEndSquares(): number[] {
  const path = new Set(onPathSquares());
  return reachableSquares().filter((s) => !path.has(s));
}

export function neverLandedSquares(): number[] {
  const reach = new Set(reachableSquares());
  const out: number[] = [];
  for (let s = 1; s <= GOAL; s++) if (!reach.has(s)) out.push(s);
  return out;
}

export type SquareClass = 'goal' | 'start' | 'penultimate' | 'path' | 'deadEnd' | 'never';

export function squareClasses(): SquareClass[] {
  const pen = new Set(penultimateSquares());
  const path = new Set(onPathSquares());
  const dead = new Set(deadEndSquares());
  const out: SquareClass[] = [];
  for (let s = 0; s <= GOAL; s++) {
    if (s === GOAL) out.push('goal');
    else if (s === START) out.push('start');
    else if (pen.has(s)) out.push('penultimate');
    else if (path.has(s)) out.push('path');
    else if (dead.has(s)) out.push('deadEnd');
    else out.push('never');
  }
  return out;
}

/** Every sequence of rolls 2-6 that takes a marker from `from` to exactly 120, in order. */
export function waysToGoal(from = START): number[][] {
  const out: number[][] = [];
  const walk = (at: number, seq: number[]): void => {
    if (at === GOAL) {
      out.push(seq.slice());
      return;
    }
    for (const r of MOVE_ROLLS) {
      if (at * r > GOAL) continue;
      seq.push(r);
      walk(at * r, seq);
      seq.pop();
    }
  };
  walk(from, []);
  return out;
}

/** The same ways with order forgotten: each multiset once, rolls sorted, with its orderings count. */
export function wayMultisets(from = START): { rolls: number[]; orderings: number }[] {
  const byKey = new Map<string, { rolls: number[]; orderings: number }>();
  for (const seq of waysToGoal(from)) {
    const rolls = seq.slice().sort((a, b) => a - b);
    const key = rolls.join(',');
    const entry = byKey.get(key) ?? { rolls, orderings: 0 };
    entry.orderings++;
    byKey.set(key, entry);
  }
  return [...byKey.values()].sort((a, b) => a.rolls.length - b.rolls.length || a.rolls.join().localeCompare(b.rolls.join()));
}

/** Smallest prime factor above 5, the reason a square can never be landed on (0 if none). */
export function blockingPrime(square: number): number {
  let n = square;
  for (const p of [2, 3, 5]) while (n % p === 0) n /= p;
  if (n === 1) return 0;
  for (let p = 7; p <= n; p++) if (n % p === 0) return p;
  return n;
}
