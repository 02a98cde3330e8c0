import type { Rng } from '../../core/rng.js';

/**
 * A random Latin square, row by row: each new row is a random perfect matching of columns to the
 * digits still unused in them. Hall's theorem says a Latin rectangle always extends, so there is no
 * backtracking, and random matching order mixes far better than permuting a cyclic square.
 */
export function randomLatin(n: number, rng: Rng): number[][] {
  const m: Matching = {
    n,
    usedInCol: new Array<number>(n).fill(0), // bit d-1 set: digit d already in this column
    colOfDigit: new Array<number>(n + 1).fill(-1),
    digitOrder: [], // per column: the order its digits are tried in
    seen: 0, // digits met in the current augmenting search
  };
  const rows: number[][] = [];
  for (let r = 0; r < n; r++) {
    m.colOfDigit.fill(-1);
    const digitOfCol = new Array<number>(n).fill(0);
    const cols = rng.shuffle(count(n, 0));
    m.digitOrder = [];
    for (let c = 0; c < n; c++) m.digitOrder.push(rng.shuffle(count(n, 1)));
    for (const c of cols) {
      m.seen = 0;
      if (!augment(m, c, digitOfCol)) throw new Error('Latin row could not be matched');
    }
    for (let c = 0; c < n; c++) m.usedInCol[c] |= 1 << (digitOfCol[c]! - 1);
    rows.push(digitOfCol);
  }
  // Shuffle rows too: matching row by row leaves later rows a little less random than early ones.
  return rng.shuffle(rows);
}

interface Matching {
  n: number;
  usedInCol: number[];
  colOfDigit: number[];
  digitOrder: number[][];
  seen: number;
}

function count(n: number, from: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(from + i);
  return out;
}

/** Kuhn's augmenting path from column c; the digit order of each column is its random preference. */
function augment(m: Matching, c: number, digitOfCol: number[]): boolean {
  for (const d of m.digitOrder[c]!) {
    if (m.usedInCol[c]! & (1 << (d - 1)) || m.seen & (1 << d)) continue;
    m.seen |= 1 << d;
    const other = m.colOfDigit[d]!;
    if (other < 0 || augment(m, other, digitOfCol)) {
      m.colOfDigit[d] = c;
      digitOfCol[c] = d;
      return true;
    }
  }
  return false;
}
