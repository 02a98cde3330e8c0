import { fail, failOn, got, range } from '../../core/errors.js';
import { field, primePower } from './gf.js';

/** Largest K we offer: q = 31 gives 993 cards, already more than anyone prints. */
export const MAX_SYMBOLS_PER_CARD = 32;

export function hasPlane(k: number): boolean {
  return Number.isInteger(k) && k >= 3 && k <= MAX_SYMBOLS_PER_CARD && primePower(k - 1) !== undefined;
}

/** Cards (= symbols) in the full deck for K symbols per card: q^2 + q + 1 with q = K - 1. */
export function deckSize(k: number): number {
  const q = k - 1;
  return q * q + q + 1;
}

/**
 * The most cards of `k` symbols that `symbols` symbols are sure to make, whatever the seed (1 when
 * even two cards need more). n cards share at most one symbol a pair, so they use at least
 * nk - n(n-1)/2 symbols, and exactly that while some unused card misses every symbol two cards
 * already share (a deck picks such cards first): beyond that the count depends on the seed.
 */
export function cardsFrom(symbols: number, k: number): number {
  const q = k - 1;
  const all = deckSize(k);
  let n = 1;
  // cards through a shared symbol: at most (q + 1) for each of the n(n-1)/2 shared symbols
  while (n < all && ((n * (n - 1)) / 2) * (q + 1) + n < all && (n + 1) * k - ((n + 1) * n) / 2 <= symbols) n++;
  return n;
}

/** Refuses a K without a known projective plane, naming the nearest K values that work; `given` is K as the user wrote it. */
export function checkSymbolsPerCard(k: number, given: unknown = k): void {
  if (!Number.isInteger(k) || k < 3 || k > MAX_SYMBOLS_PER_CARD) {
    failOn('--symbols-per-card', `must be a whole number from 3 to ${MAX_SYMBOLS_PER_CARD} ${got(given)}`, range(3, MAX_SYMBOLS_PER_CARD));
  }
  if (hasPlane(k)) return;
  let below = k - 1;
  while (below >= 3 && !hasPlane(below)) below--;
  let above = k + 1;
  while (above <= MAX_SYMBOLS_PER_CARD && !hasPlane(above)) above++;
  const options = [below >= 3 ? below : undefined, above <= MAX_SYMBOLS_PER_CARD ? above : undefined].filter(
    (x): x is number => x !== undefined,
  );
  fail(
    `no deck with ${k} symbols per card (it needs ${k - 1} to be a prime power): try ${options.join(' or ')}`,
  );
}

/**
 * The projective plane of order q over GF(q): points and lines are the 1-dimensional subspaces
 * of GF(q)^3, written with first non-zero coordinate 1; a point lies on a line when their dot
 * product is 0. Returns the lines (cards) as sorted lists of point indices (symbols).
 */
export function projectivePlane(q: number): number[][] {
  const f = field(q);
  const vecs: [number, number, number][] = [];
  for (let a = 0; a < q; a++) for (let b = 0; b < q; b++) vecs.push([1, a, b]);
  for (let b = 0; b < q; b++) vecs.push([0, 1, b]);
  vecs.push([0, 0, 1]);
  return vecs.map((line) =>
    vecs.flatMap((pt, i) => {
      const dot = f.add(f.add(f.mul(line[0], pt[0]), f.mul(line[1], pt[1])), f.mul(line[2], pt[2]));
      return dot === 0 ? [i] : [];
    }),
  );
}
