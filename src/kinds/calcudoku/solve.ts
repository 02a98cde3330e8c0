import { Human } from './human.js';
import type { Puz } from './puzzle.js';

export interface Count {
  count: number; // 0, 1, or `limit` meaning "at least that many"
  solutions: Uint16Array[]; // candidate masks of each solution found (one bit per cell)
}

/**
 * Exact search: easy-level propagation (cage fillings, singles) at every node, then branch on the
 * cell with fewest candidates. Stops at `limit` solutions, so `count === 1` proves uniqueness.
 */
export function countSolutions(p: Puz, limit = 2): Count {
  const solutions: Uint16Array[] = [];
  const search = (cand: Uint16Array | undefined): void => {
    const h = new Human(p, cand);
    const status = h.run(0);
    if (status === 'contradiction') return;
    if (status === 'solved') {
      solutions.push(h.cand);
      return;
    }
    let best = -1;
    let bestCount = 99;
    for (let i = 0; i < h.cand.length; i++) {
      const c = bits(h.cand[i]!);
      if (c > 1 && c < bestCount) {
        best = i;
        bestCount = c;
      }
    }
    let m = h.cand[best]!;
    while (m && solutions.length < limit) {
      const b = m & -m;
      m ^= b;
      const next = h.cand.slice();
      next[best] = b;
      search(next);
    }
  };
  search(undefined);
  return { count: solutions.length, solutions };
}

function bits(m: number): number {
  let c = 0;
  for (; m; m &= m - 1) c++;
  return c;
}

/** Digits of a solved candidate grid, row by row. */
export function digitsOf(cand: Uint16Array, n: number): number[][] {
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => 32 - Math.clz32(cand[r * n + c]!)));
}
