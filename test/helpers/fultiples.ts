/**
 * Independent arithmetic for Fultiples tests: a smallest-prime-factor sieve instead of the
 * kind's trial division, and answers rebuilt from the published rules, not from kind code.
 */
const LIMIT = 20000;
const spf: number[] = Array.from({ length: LIMIT + 1 }, (_, i) => i);
for (let i = 2; i * i <= LIMIT; i++) {
  if (spf[i] !== i) continue;
  for (let j = i * i; j <= LIMIT; j += i) if (spf[j] === j) spf[j] = i;
}

export function sieveFactors(n: number): number[] {
  const out: number[] = [];
  for (let m = n; m > 1; m /= spf[m]!) out.push(spf[m]!);
  return out;
}

export const sievePrime = (n: number) => n >= 2 && spf[n] === n;

/** A scalar is valid when it lies in the range and no prime outside the alphabet divides it. */
export function scalarOk(s: number, primes: number[], lo: number, hi: number): boolean {
  return s >= lo && s <= hi && sieveFactors(s).every((f) => primes.includes(f));
}

export function cellOk(v: number, primes: number[], lo: number, hi: number): boolean {
  return primes.some((p) => v % p === 0 && scalarOk(v / p, primes, lo, hi));
}

export type Cell = [number, number];

export function cells(board: number[][]): Cell[] {
  return board.flatMap((row, r) => row.map((_v, c) => [r, c] as Cell));
}

export const factorOrMultiple = (a: number, b: number) => a % b === 0 || b % a === 0;

export function sortCells(list: Cell[]): string[] {
  return list.map(([r, c]) => `${r},${c}`).sort();
}
