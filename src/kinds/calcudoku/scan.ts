import type { CageInfo } from './puzzle.js';

const MAXC = 16;
const digits = new Int32Array(MAXC);
const rowUsed = new Int32Array(32);
const colUsed = new Int32Array(32);
const minRest = new Int32Array(MAXC + 1);
const maxRest = new Int32Array(MAXC + 1);
const lineMask = new Int32Array(2 * MAXC);

/**
 * Every filling of a cage that fits the candidates (bit d-1 = digit d), the clue, and the rule that
 * cells of the cage sharing a row or column differ. Writes, per cell, the union of digits it takes in
 * some filling, and per touched line the digits every filling places in that line. Returns how many
 * fillings there are (0 means the candidates contradict the cage).
 */
export function scanCage(cage: CageInfo, cand: Uint16Array, n: number, union: Int32Array, must: Int32Array): number {
  const cells = cage.cells;
  const len = cells.length;
  const nl = cage.lines.length;
  for (let k = 0; k < len; k++) union[k] = 0;
  for (let l = 0; l < nl; l++) must[l] = -1;
  let count = 0;

  const record = () => {
    count++;
    for (let l = 0; l < nl; l++) lineMask[l] = 0;
    for (let k = 0; k < len; k++) {
      const b = 1 << (digits[k]! - 1);
      union[k] |= b;
      lineMask[cage.rowSlot[k]!] |= b;
      lineMask[cage.colSlot[k]!] |= b;
    }
    for (let l = 0; l < nl; l++) must[l] &= lineMask[l]!;
  };

  const t = cage.target;
  if (cage.ops & 16) {
    if (cand[cells[0]!]! & (1 << (t - 1))) {
      digits[0] = t;
      record();
    }
  }
  if (len === 2 && cage.ops & 10) {
    const a = cand[cells[0]!]!;
    const b = cand[cells[1]!]!;
    for (let x = 1; x <= n; x++) {
      if (!(a & (1 << (x - 1)))) continue;
      for (let y = 1; y <= n; y++) {
        if (x === y || !(b & (1 << (y - 1)))) continue;
        const hi = x > y ? x : y;
        const lo = x > y ? y : x;
        const ok = (cage.ops & 2 && hi - lo === t) || (cage.ops & 8 && hi === lo * t);
        if (ok) {
          digits[0] = x;
          digits[1] = y;
          record();
        }
      }
    }
  }
  if (cage.ops & 5) {
    for (let k = 0; k < len; k++) {
      const i = cells[k]!;
      rowUsed[Math.floor(i / n)] = 0;
      colUsed[i % n] = 0;
    }
  }
  if (cage.ops & 1) {
    minRest[len] = 0;
    maxRest[len] = 0;
    for (let k = len - 1; k >= 0; k--) {
      const m = cand[cells[k]!]!;
      minRest[k] = minRest[k + 1]! + (m ? 32 - Math.clz32(m & -m) : 99);
      maxRest[k] = maxRest[k + 1]! + (32 - Math.clz32(m));
    }
    const sum = (k: number, acc: number): void => {
      if (k === len) {
        if (acc === t) record();
        return;
      }
      const i = cells[k]!;
      const r = Math.floor(i / n);
      const c = i % n;
      let m = cand[i]! & ~rowUsed[r]! & ~colUsed[c]!;
      const lo = t - acc - maxRest[k + 1]!;
      const hi = t - acc - minRest[k + 1]!;
      while (m) {
        const b = m & -m;
        m ^= b;
        const d = 32 - Math.clz32(b);
        if (d < lo) continue;
        if (d > hi) break;
        digits[k] = d;
        rowUsed[r] |= b;
        colUsed[c] |= b;
        sum(k + 1, acc + d);
        rowUsed[r] &= ~b;
        colUsed[c] &= ~b;
      }
    };
    sum(0, 0);
  }
  if (cage.ops & 4) {
    const prod = (k: number, acc: number): void => {
      if (k === len) {
        if (acc === t) record();
        return;
      }
      const i = cells[k]!;
      const r = Math.floor(i / n);
      const c = i % n;
      let m = cand[i]! & ~rowUsed[r]! & ~colUsed[c]!;
      while (m) {
        const b = m & -m;
        m ^= b;
        const d = 32 - Math.clz32(b);
        const next = acc * d;
        if (t % next !== 0) continue;
        digits[k] = d;
        rowUsed[r] |= b;
        colUsed[c] |= b;
        prod(k + 1, next);
        rowUsed[r] &= ~b;
        colUsed[c] &= ~b;
      }
    };
    prod(0, 1);
  }
  if (count === 0) for (let l = 0; l < nl; l++) must[l] = 0;
  return count;
}
