import type { Rng } from '../../core/rng.js';

/**
 * A random Latin square, row by row: each new row is a random perfect matching of columns to the
 * digits still unused in them. Hall's theorem says a Latin rectangle always extends, so there is no
 * backtracking, and random matching order mixes far better than permuting a cyclic square.
 */
export function randomLatin(n: number, rng: Rng): number[][] {
  const usedInCol: number[] = new Array(n).fill(0); // bit d-1 set: digit d already in this column
  const rows: number[][] = [];
  for (let r = 0; r < n; r++) {
    const colOfDigit = new Array<number>(n + 1).fill(-1);
    const digitOfCol = new Array<number>(n).fill(0);
    const cols = rng.shuffle([...Array(n).keys()]);
    const digitOrder = cols.map(() => rng.shuffle([...Array(n).keys()].map((i) => i + 1)));
    const augment = (c: number, seen: boolean[]): boolean => {
      for (const d of digitOrder[c]!) {
        if (usedInCol[c]! & (1 << (d - 1)) || seen[d]) continue;
        seen[d] = true;
        const other = colOfDigit[d]!;
        if (other < 0 || augment(other, seen)) {
          colOfDigit[d] = c;
          digitOfCol[c] = d;
          return true;
        }
      }
      return false;
    };
    for (const c of cols) {
      if (!augment(c, new Array(n + 1).fill(false))) throw new Error('Latin row could not be matched');
    }
    for (let c = 0; c < n; c++) usedInCol[c] |= 1 << (digitOfCol[c]! - 1);
    rows.push(digitOfCol);
  }
  // Shuffle rows too: matching row by row leaves later rows a little less random than early ones.
  return rng.shuffle(rows);
}
