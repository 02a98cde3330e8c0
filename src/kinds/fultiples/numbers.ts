/** Small-number arithmetic for boards: every value here is below 10 000, so trial division is plenty. */

export function isPrime(n: number): boolean {
  if (!Number.isInteger(n) || n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

/** Prime factors with repeats, smallest first: 12 -> [2, 2, 3]; 1 -> []. */
export function primeFactors(n: number): number[] {
  const out: number[] = [];
  let m = n;
  for (let d = 2; d * d <= m; d++) {
    while (m % d === 0) {
      out.push(d);
      m /= d;
    }
  }
  if (m > 1) out.push(m);
  return out;
}

/** Factor or multiple: the one move rule of Fultiples. */
export function related(a: number, b: number): boolean {
  return a % b === 0 || b % a === 0;
}

/**
 * Scalars the board may use: numbers in [lo, hi] whose every prime factor is in the alphabet.
 * The published rule only excluded primes inside the range, so with a range of 6-20 it let
 * 10 = 2 x 5 through and put a stray 5 on a 2-3-7 board; smoothness is the rule it meant.
 */
export function validScalars(primes: readonly number[], lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let s = lo; s <= hi; s++) {
    if (primeFactors(s).every((f) => primes.includes(f))) out.push(s);
  }
  return out;
}

export const WILD_VALUES = [1, 2, 3] as const;

/** Every number a board can hold: alphabet prime x valid scalar, plus the wild values if dealt. */
export function possibleValues(primes: readonly number[], scalars: readonly number[], wild: boolean): number[] {
  const set = new Set<number>(wild ? WILD_VALUES : []);
  for (const p of primes) for (const s of scalars) set.add(p * s);
  return [...set].sort((a, b) => a - b);
}
