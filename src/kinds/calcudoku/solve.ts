import { Human } from './human.js';
import type { Puz } from './puzzle.js';

export interface Count {
  count: number; // 0, 1, or `limit` meaning "at least that many"
  solutions: number[][]; // candidate masks of each solution found (one bit per cell)
  complete: boolean; // false when the node budget ran out first
}

// The search's state lives here, not in a closure: the generator and every check start a search,
// and a fresh closure per call (named by the TypeScript loader) cost more than a small grid's search.
let sPuz: Puz;
let sLimit = 2;
let sMax = Infinity;
let sNodes = 0;
let sFound: number[][] = [];

/**
 * Exact search: medium-level propagation (cage fillings, singles, line sets, pairs) at every node,
 * then branch on the cell with fewest candidates. Stops at `limit` solutions, so `count === 1`
 * proves uniqueness.
 */
export function countSolutions(p: Puz, limit = 2, start?: readonly number[] | Human, maxNodes = Infinity): Count {
  const solutions: number[][] = [];
  sPuz = p;
  sLimit = limit;
  sMax = maxNodes;
  sNodes = 0;
  sFound = solutions;
  // Searching on from a grader's solver skips building one: the propagation reaches the same
  // fixpoint from its state as from its candidates, so the search is the same.
  search(start instanceof Human ? new Human(p, undefined, start) : new Human(p, start));
  return { count: solutions.length, solutions, complete: sNodes <= maxNodes };
}

function search(h: Human): void {
  if (++sNodes > sMax) return;
  const status = h.run(1, true);
  if (status === 'contradiction') return;
  if (status === 'solved') {
    sFound.push(h.cand);
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
  const p = sPuz;
  while (m && sFound.length < sLimit && sNodes <= sMax) {
    const b = m & -m;
    m ^= b;
    const next = new Human(p, undefined, h);
    next.restrict(best, b);
    search(next);
  }
}

function bits(m: number): number {
  let c = 0;
  for (; m; m &= m - 1) c++;
  return c;
}
