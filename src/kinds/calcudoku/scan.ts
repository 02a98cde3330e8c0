import type { CageInfo } from './puzzle.js';

/**
 * All fillings of one cage, with what they imply before any other reasoning. A filling is packed
 * into words of 30 bits, each cell's digit as one bit of an n-bit group (cell k in word
 * k / perWord(n), from bit (k % perWord(n)) * n): whether a filling still fits the candidates is
 * then one AND per word, and the union of the survivors one OR. 30 bits keep words small integers.
 */
export interface Fillings {
  list: number[]; // wordsOf(cells, n) words per filling
  // Plain arrays: a solver copies them into its own state for every cage it starts with.
  union: number[]; // per cell: digits it takes in some filling (bit d-1)
  must: number[]; // per touched line: digits every filling places in it
  any: number; // the union over all cells
}

/** Cells per word of a packed filling. */
export const perWord = (n: number): number => Math.floor(30 / n);
/** Words per packed filling of a cage of `len` cells. */
export const wordsOf = (len: number, n: number): number => Math.ceil(len / perWord(n));

// Shape and clue to fillings, in two levels of integer keys: the shape (offsets from the first
// cell, and n), then the clue. Building a string key cost more than the lookup saved.
const cache = new Map<number, Map<number, Fillings>>();
const bigCache = new Map<string, Fillings>(); // cages over 6 cells: their shape key would not fit a double
let cached = 0;
const CACHE_MAX = 20000;

/**
 * Every filling of a cage that fits its clue and the rule that cells of the cage sharing a row or
 * column differ. Kept on the cage, and shared by shape and clue: the generator grades many variants
 * of one layout, and a cage it did not touch need not be enumerated again.
 */
export function fillingsOf(cage: CageInfo, n: number): Fillings {
  if (cage.fill) return cage.fill;
  // Fillings depend on the cage's shape, not where it sits: moving a shape keeps which of its cells
  // share a row or column. Keying by shape lets every copy of a shape and clue share one enumeration.
  const cells = cage.cells;
  const r0 = (cells[0]! / n) | 0;
  const c0 = cells[0]! - r0 * n;
  let f: Fillings | undefined;
  if (cells.length <= 6) {
    const b = 2 * n - 1;
    let shape = 0;
    for (let k = 1; k < cells.length; k++) {
      const r = (cells[k]! / n) | 0;
      shape = shape * (b * b + 1) + 1 + (r - r0 + n - 1) * b + (cells[k]! - r * n - c0 + n - 1);
    }
    shape = shape * 16 + n;
    const clue = cage.target * 32 + cage.ops;
    f = cache.get(shape)?.get(clue);
    if (!f) {
      if (++cached > CACHE_MAX) clearCache();
      f = enumerated(cage, n);
      const inner = cache.get(shape);
      if (inner) inner.set(clue, f);
      else cache.set(shape, new Map([[clue, f]]));
    }
  } else {
    let key = `${n}|${cage.target}|${cage.ops}`;
    for (let k = 1; k < cells.length; k++) key += `|${Math.floor(cells[k]! / n) - r0},${(cells[k]! % n) - c0}`;
    f = bigCache.get(key);
    if (!f) {
      if (++cached > CACHE_MAX) clearCache();
      f = enumerated(cage, n);
      bigCache.set(key, f);
    }
  }
  cage.fill = f;
  return f;
}

function clearCache(): void {
  cache.clear();
  bigCache.clear();
  cached = 0;
}

function enumerated(cage: CageInfo, n: number): Fillings {
  const digits = enumerate(cage, n);
  const len = cage.cells.length;
  const union = new Int32Array(len);
  const must = new Int32Array(cage.lines.length);
  summarise(cage, digits, union, must);
  const pw = perWord(n);
  const words = wordsOf(len, n);
  const list: number[] = [];
  for (let at = 0; at < digits.length; at += len) {
    for (let w = 0; w < words; w++) {
      let word = 0;
      for (let k = w * pw; k < len && k < (w + 1) * pw; k++) word |= 1 << ((k - w * pw) * n + digits[at + k]! - 1);
      list.push(word);
    }
  }
  let any = 0;
  for (let k = 0; k < len; k++) any |= union[k]!;
  return { list, union: Array.from(union), must: Array.from(must), any };
}

/** Where filterFillings gathers the survivors; one copy of the exact size is kept afterwards. */
const scratch: number[] = [];
const allowed = new Int32Array(8);
const unionWords = new Int32Array(8);

/**
 * Keeps the fillings whose digits are all still candidates and writes the union of digits per
 * cell. Returns the same array when nothing was dropped. The hottest loop of grading: no
 * allocation unless fillings drop.
 */
export function filterFillings(cage: CageInfo, list: number[], cand: readonly number[], n: number, union: Int32Array): number[] {
  const cells = cage.cells;
  const len = cells.length;
  const pw = perWord(n);
  const full = (1 << n) - 1;
  const out = scratch;
  let w = 0;
  if (len <= pw) {
    // One word a filling: every cage of 4x4 and 5x5, and nearly every cage up to 7x7.
    let ok = 0;
    for (let k = 0; k < len; k++) ok |= cand[cells[k]!]! << (k * n);
    const bad = ~ok;
    let u = 0;
    for (let i = 0; i < list.length; i++) {
      const f = list[i]!;
      if (f & bad) continue;
      u |= f;
      if (w < out.length) out[w] = f;
      else out.push(f);
      w++;
    }
    for (let k = 0; k < len; k++) union[k] = (u >> (k * n)) & full;
  } else {
    const words = wordsOf(len, n);
    for (let j = 0; j < words; j++) {
      allowed[j] = 0;
      unionWords[j] = 0;
    }
    for (let k = 0; k < len; k++) allowed[(k / pw) | 0] |= cand[cells[k]!]! << ((k % pw) * n);
    for (let i = 0; i < list.length; i += words) {
      let j = 0;
      while (j < words && !(list[i + j]! & ~allowed[j]!)) j++;
      if (j < words) continue;
      for (j = 0; j < words; j++) {
        const f = list[i + j]!;
        unionWords[j] |= f;
        if (w < out.length) out[w] = f;
        else out.push(f);
        w++;
      }
    }
    for (let k = 0; k < len; k++) union[k] = (unionWords[(k / pw) | 0]! >> ((k % pw) * n)) & full;
  }
  return w === list.length ? list : out.slice(0, w);
}

/** Per touched line of the cage: the digits that every filling in `list` places in that line, into must[at..]. */
export function mustOf(cage: CageInfo, list: number[], n: number, must: number[], at: number): void {
  const len = cage.cells.length;
  const nl = cage.lines.length;
  const rowSlot = cage.rowSlot;
  const colSlot = cage.colSlot;
  const pw = perWord(n);
  const words = wordsOf(len, n);
  const full = (1 << n) - 1;
  for (let l = 0; l < nl; l++) must[at + l] = list.length ? -1 : 0;
  for (let i = 0; i < list.length; i += words) {
    for (let l = 0; l < nl; l++) lineMask[l] = 0;
    for (let k = 0; k < len; k++) {
      const b = (list[i + ((k / pw) | 0)]! >> ((k % pw) * n)) & full;
      lineMask[rowSlot[k]!] |= b;
      lineMask[colSlot[k]!] |= b;
    }
    for (let l = 0; l < nl; l++) must[at + l] &= lineMask[l]!;
  }
}

// Scratch for summarise and mustOf: they run on every narrowed cage during grading.
const lineMask = new Int32Array(32);

/** Union of digits per cell, and into must[at..] the digits every filling puts in each touched line. */
function summarise(cage: CageInfo, list: Uint8Array, union: Int32Array, must: Int32Array): number {
  const len = cage.cells.length;
  const nl = cage.lines.length;
  for (let k = 0; k < len; k++) union[k] = 0;
  for (let l = 0; l < nl; l++) must[l] = list.length ? -1 : 0;
  let count = 0;
  for (let i = 0; i < list.length; i += len) {
    count++;
    for (let l = 0; l < nl; l++) lineMask[l] = 0;
    for (let k = 0; k < len; k++) {
      const b = 1 << (list[i + k]! - 1);
      union[k] |= b;
      lineMask[cage.rowSlot[k]!] |= b;
      lineMask[cage.colSlot[k]!] |= b;
    }
    for (let l = 0; l < nl; l++) must[l] &= lineMask[l]!;
  }
  return count;
}

// Enumeration state, shared: the search below is plain recursion over module variables (closures
// cost more here, and fillings are enumerated for every new cage the generator tries).
let eOut = new Uint8Array(4096);
let eW = 0;
let eLen = 0;
let eN = 0;
let eT = 0;
let eSum = false;
let eProd = false;
const eRow = new Int32Array(16);
const eCol = new Int32Array(16);
const eUsed = new Int32Array(32); // rows, then columns: digits already in this cage there
const eDigits = new Uint8Array(16);

function record(): void {
  if (eW + eLen > eOut.length) {
    const bigger = new Uint8Array(eOut.length * 2);
    bigger.set(eOut);
    eOut = bigger;
  }
  for (let k = 0; k < eLen; k++) eOut[eW + k] = eDigits[k]!;
  eW += eLen;
}

/** Digits for cells k.. of a + or x cage, given the sum and product so far. */
function extend(k: number, sum: number, prod: number): void {
  if (k === eLen) {
    // A filling that fits both signs (hidden) is recorded once.
    if ((eSum && sum === eT) || (eProd && prod === eT)) record();
    return;
  }
  const left = eLen - k - 1; // cells after this one
  const r = eRow[k]!;
  const c = eN + eCol[k]!;
  for (let d = 1; d <= eN; d++) {
    const s = sum + d;
    const q = prod * d;
    const sumAlive = eSum && s + left <= eT && s + left * eN >= eT;
    const prodAlive = eProd && eT % q === 0;
    if (!sumAlive && !prodAlive) {
      if (!eProd && s + left > eT) break; // larger digits only overshoot the sum
      continue;
    }
    const b = 1 << (d - 1);
    if (eUsed[r]! & b || eUsed[c]! & b) continue;
    eDigits[k] = d;
    eUsed[r] |= b;
    eUsed[c] |= b;
    extend(k + 1, s, q);
    eUsed[r] &= ~b;
    eUsed[c] &= ~b;
  }
}

/** Every filling of the cage, in lexicographic order of its cells' digits; a fresh array. */
function enumerate(cage: CageInfo, n: number): Uint8Array {
  const cells = cage.cells;
  const len = cells.length;
  const t = cage.target;
  eW = 0;
  eLen = len;
  eN = n;
  eT = t;
  if (cage.ops & 16 && len === 1 && t >= 1 && t <= n) {
    eDigits[0] = t;
    record();
  }
  if (len === 2 && cage.ops & 10) {
    for (let x = 1; x <= n; x++) {
      for (let y = 1; y <= n; y++) {
        const hi = x > y ? x : y;
        const lo = x > y ? y : x;
        if (x === y) continue;
        const minus = cage.ops & 2 && hi - lo === t;
        // With hidden signs a pair may fit both - and /; it is still one filling.
        const divide = cage.ops & 8 && hi === lo * t && !minus;
        if (minus || divide) {
          eDigits[0] = x;
          eDigits[1] = y;
          record();
        }
      }
    }
  }
  if (len >= 2 && cage.ops & 5) {
    for (let k = 0; k < len; k++) {
      eRow[k] = (cells[k]! / n) | 0;
      eCol[k] = cells[k]! - eRow[k]! * n;
    }
    eUsed.fill(0);
    eSum = (cage.ops & 1) !== 0;
    eProd = (cage.ops & 4) !== 0;
    extend(0, 0, 1);
  }
  return eOut.slice(0, eW);
}
