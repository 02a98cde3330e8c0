import { GOAL, START, MOVE_ROLLS, reachableSquares } from './rules.js';

/** A non-negative rational in lowest terms; BigInt so long chains of sixths stay exact. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function ratio(num: bigint, den: bigint): Ratio {
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

const add = (x: Ratio, y: Ratio): Ratio => ratio(x.num * y.den + y.num * x.den, x.den * y.den);
const sub = (x: Ratio, y: Ratio): Ratio => ratio(x.num * y.den - y.num * x.den, x.den * y.den);
const mul = (x: Ratio, y: Ratio): Ratio => ratio(x.num * y.num, x.den * y.den);
const div = (x: Ratio, y: Ratio): Ratio => ratio(x.num * y.den, x.den * y.num);
const int = (n: number): Ratio => ratio(BigInt(n), 1n);

export const ratioValue = (x: Ratio): number => Number(x.num) / Number(x.den);
export const ratioText = (x: Ratio): string => `${x.num}/${x.den}`;

/**
 * Expected turns for a lone marker on each square to retire, when every roll must be used: a 1
 * loses the turn, 2-6 multiply, past 120 means back to 1. Each square's value is linear in the
 * value of square 1 (the only way "down"), so one sweep from the top solves the whole chain.
 */
export function expectedTurnsExact(): Map<number, Ratio> {
  const squares = reachableSquares();
  // E[s] = a + b * E[1]; E[s] = 1 + E[s]/6 + (1/6) * sum over rolls 2-6 of E[next].
  const lin = new Map<number, { a: Ratio; b: Ratio }>([[GOAL, { a: int(0), b: int(0) }]]);
  const five = int(5);
  for (let i = squares.length - 1; i >= 0; i--) {
    const s = squares[i]!;
    if (s === GOAL) continue;
    let a = int(6);
    let b = int(0);
    for (const r of MOVE_ROLLS) {
      const to = s * r;
      if (to > GOAL) b = add(b, int(1));
      else {
        const next = lin.get(to)!;
        a = add(a, next.a);
        b = add(b, next.b);
      }
    }
    lin.set(s, { a: div(a, five), b: div(b, five) });
  }
  const one = lin.get(START)!;
  const e1 = div(one.a, sub(int(1), one.b));
  const out = new Map<number, Ratio>();
  for (const s of squares) {
    const { a, b } = lin.get(s)!;
    out.set(s, add(a, mul(b, e1)));
  }
  return out;
}

/** The same values as plain numbers, indexed by square (unreachable squares are NaN). */
export function expectedTurnsTable(): Float64Array {
  const table = new Float64Array(GOAL + 1).fill(NaN);
  for (const [s, r] of expectedTurnsExact()) table[s] = ratioValue(r);
  return table;
}
