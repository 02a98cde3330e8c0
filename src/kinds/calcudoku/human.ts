import type { Puz } from './puzzle.js';
import { filterFillings, fillingsOf, mustOf } from './scan.js';

/**
 * A solver that reasons like a person, strongest technique last, for grading.
 *
 * Level 0, easy:   each cage keeps only digits that appear in some filling of it (cage arithmetic
 *                  with the candidates left); a cell with one digit clears it from its row and
 *                  column; a digit with one place left in a row or column goes there.
 * Level 1, medium: + a digit that every filling of a cage puts in one row (or column) is ruled out of
 *                  the rest of that row; naked pairs and triples in a row or column.
 * Level 2, hard:   + set reasoning of every size: naked and hidden subsets, and X-wing/swordfish
 *                  patterns of one digit across rows and columns.
 * Level 3, expert: + limited trial: in a cell with two digits left, suppose one, follow it with the
 *                  hard techniques, and rule it out if that leads to a contradiction.
 *
 * It always uses the easiest technique that makes progress, so the highest level it needs is the
 * puzzle's grade, and a fixpoint of a lower level is exactly where a person stuck at that level stops.
 */
export type Status = 'solved' | 'stuck' | 'contradiction';

export interface HumanResult {
  status: Status;
  level: number; // highest technique level used
  cand: Uint16Array;
}

const popcount = (m: number): number => {
  m = m - ((m >> 1) & 0x5555);
  m = (m & 0x3333) + ((m >> 2) & 0x3333);
  m = (m + (m >> 4)) & 0x0f0f;
  return (m + (m >> 8)) & 0x1f;
};

export class Human {
  readonly n: number;
  readonly cand: Uint16Array;
  private dirty: Int32Array; // per cage: bits of its cells narrowed since it was last filtered
  private must: Int32Array; // per cage, per touched line (from mustAt): digits every filling puts there
  private mustAt: Int32Array; // per cage: where its lines start in must; one array so copies are cheap
  private mustStale: Uint8Array;
  private spread: Uint8Array; // per cell: its single digit has been cleared from its row and column
  private lineDirty: Uint8Array; // per row, then column: narrowed since hidden singles last looked
  lists: Uint8Array[]; // per cage: the fillings still possible
  private union = new Int32Array(32);
  private masks = new Int32Array(16); // subsets: values of each open item in the current view
  private idx = new Int32Array(16); // subsets: which item each of those is
  private broken = false;
  used = 0;

  /** A fresh solver, or a copy of `from` that only rescans what changes after it. */
  constructor(
    readonly p: Puz,
    cand?: Uint16Array,
    from?: Human,
  ) {
    this.n = p.n;
    if (from) {
      this.cand = from.cand.slice();
      this.dirty = from.dirty.slice();
      this.must = from.must.slice();
      this.mustAt = from.mustAt;
      this.mustStale = from.mustStale.slice();
      this.spread = from.spread.slice();
      this.lineDirty = from.lineDirty.slice();
      this.lists = from.lists.slice(); // filtering makes new arrays, so sharing is safe
      return;
    }
    this.cand = new Uint16Array(p.n * p.n).fill((1 << p.n) - 1);
    this.dirty = new Int32Array(p.cages.length);
    this.mustStale = new Uint8Array(p.cages.length);
    this.spread = new Uint8Array(p.n * p.n);
    this.lineDirty = new Uint8Array(2 * p.n).fill(1);
    const all = p.cages.map((c) => fillingsOf(c, p.n));
    this.lists = all.map((f) => f.list);
    this.mustAt = new Int32Array(p.cages.length);
    let lines = 0;
    p.cages.forEach((c, k) => {
      this.mustAt[k] = lines;
      lines += c.lines.length;
    });
    this.must = new Int32Array(lines);
    all.forEach((f, k) => this.must.set(f.must, this.mustAt[k]!));
    all.forEach((f, k) => p.cages[k]!.cells.forEach((i, j) => this.set(i, f.union[j]!)));
    this.dirty.fill(0); // each cage's own union is already what a scan would find
    if (cand) for (let i = 0; i < cand.length; i++) this.set(i, cand[i]!);
  }

  /** Narrows a cell; marks its cage for rescanning. */
  private set(i: number, m: number): boolean {
    const old = this.cand[i]!;
    const next = old & m;
    if (next === old) return false;
    this.cand[i] = next;
    this.dirty[this.p.cageOf[i]!] |= 1 << this.p.posOf[i]!;
    const r = (i / this.n) | 0;
    this.lineDirty[r] = 1;
    this.lineDirty[this.n + i - r * this.n] = 1;
    if (next === 0) this.broken = true;
    return true;
  }

  /** Keeps only the digits in `mask` for cell i (a branch of a search). */
  restrict(i: number, mask: number): void {
    this.set(i, mask);
  }

  run(maxLevel: number): Status {
    for (;;) {
      if (this.broken) return 'contradiction';
      if (this.easy()) continue;
      if (this.broken) return 'contradiction';
      if (this.solvedAll()) return 'solved';
      if (maxLevel >= 1 && this.medium()) {
        this.used = Math.max(this.used, 1);
        continue;
      }
      if (maxLevel >= 2 && this.hard()) {
        this.used = Math.max(this.used, 2);
        continue;
      }
      if (maxLevel >= 3 && this.expert()) {
        this.used = Math.max(this.used, 3);
        continue;
      }
      return this.broken ? 'contradiction' : 'stuck';
    }
  }

  private solvedAll(): boolean {
    for (let i = 0; i < this.cand.length; i++) if (popcount(this.cand[i]!) !== 1) return false;
    return true;
  }

  /** One round of the easy techniques; true if anything changed. */
  private easy(): boolean {
    let changed = false;
    const { p, n, cand } = this;
    for (let k = 0; k < p.cages.length; k++) {
      if (!this.dirty[k]) continue;
      const cage = p.cages[k]!;
      const before = this.lists[k]!;
      this.lists[k] = filterFillings(cage, before, cand, this.dirty[k]!, this.union);
      this.dirty[k] = 0;
      if (this.lists[k] !== before) this.mustStale[k] = 1;
      if (this.lists[k]!.length === 0) {
        this.broken = true;
        return true;
      }
      for (let j = 0; j < cage.cells.length; j++) if (this.set(cage.cells[j]!, this.union[j]!)) changed = true;
      this.dirty[k] = 0; // narrowing to its own union drops none of its fillings
    }
    // Naked singles.
    for (let i = 0; i < n * n; i++) {
      const m = cand[i]!;
      if (this.spread[i] || m === 0 || m & (m - 1)) continue;
      this.spread[i] = 1;
      const r = Math.floor(i / n);
      const c = i % n;
      for (let k = 0; k < n; k++) {
        if (k !== c && this.set(r * n + k, ~m)) changed = true;
        if (k !== r && this.set(k * n + c, ~m)) changed = true;
      }
    }
    // Hidden singles.
    const full = (1 << n) - 1;
    // A line nothing narrowed since its last look has no new hidden single (and no new gap).
    for (let line = 0; line < 2 * n; line++) {
      if (!this.lineDirty[line]) continue;
      this.lineDirty[line] = 0;
      let once = 0;
      let twice = 0;
      for (let k = 0; k < n; k++) {
        const m = cand[cellOf(n, line, k)]!;
        twice |= once & m;
        once |= m;
      }
      if (once !== full) {
        this.broken = true;
        return true;
      }
      let single = once & ~twice;
      while (single) {
        const b = single & -single;
        single ^= b;
        for (let k = 0; k < n; k++) {
          const i = cellOf(n, line, k);
          if (cand[i]! & b) {
            if (this.set(i, b)) changed = true;
            break;
          }
        }
      }
    }
    return changed;
  }

  private medium(): boolean {
    const { p, n } = this;
    let changed = false;
    for (let k = 0; k < p.cages.length; k++) {
      const cage = p.cages[k]!;
      const must = this.must;
      const at = this.mustAt[k]!;
      if (this.mustStale[k]) {
        mustOf(cage, this.lists[k]!, must, at);
        this.mustStale[k] = 0;
      }
      for (let l = 0; l < cage.lines.length; l++) {
        const digits = must[at + l]!;
        if (!digits) continue;
        const line = cage.lines[l]!;
        for (let j = 0; j < n; j++) {
          const i = cellOf(n, line, j);
          if (p.cageOf[i] !== k && this.set(i, ~digits)) changed = true;
        }
      }
    }
    if (changed) return true;
    return this.subsets(3, false);
  }

  private hard(): boolean {
    return this.subsets(Math.floor(this.n / 2), true);
  }

  /**
   * Naked subsets of up to `maxK` cells in rows and columns. With `all`, the same search on the other
   * faces of the row-column-digit cube: hidden subsets (a row's digits over its cells) and fish (one
   * digit's rows over columns, X-wing and swordfish). Naked of size k and hidden of size u-k are the
   * same fact, so sizes up to half cover every set.
   */
  private subsets(maxK: number, all: boolean): boolean {
    const n = this.n;
    const masks = this.masks;
    const idx = this.idx;
    const views = all ? 6 : 2;
    for (let view = 0; view < views; view++) {
      for (let u = 0; u < n; u++) {
        let count = 0;
        for (let j = 0; j < n; j++) {
          const m = this.valuesOf(view, u, j);
          if (popcount(m) >= 2) {
            masks[count] = m;
            idx[count++] = j;
          }
        }
        const kMax = Math.min(maxK, count - 1);
        for (let k = 2; k <= kMax; k++) if (this.eachSubset(view, u, count, k, 0, k, 0, 0)) return true;
      }
    }
    return false;
  }

  /**
   * The six faces of the row-column-digit cube: a view fixes one coordinate u, its items are a
   * second coordinate j and its values the third. Views 0 and 1 are naked sets in rows and columns,
   * 3 and 4 hidden sets, 2 and 5 fish (one digit's rows over columns and columns over rows).
   * Written out per view because this runs thousands of times per grade.
   */
  private valuesOf(view: number, u: number, j: number): number {
    const { n, cand } = this;
    let m = 0;
    switch (view) {
      case 0:
        return cand[u * n + j]!;
      case 1:
        return cand[j * n + u]!;
      case 2:
        for (let v = 0; v < n; v++) m |= ((cand[j * n + v]! >> u) & 1) << v;
        return m;
      case 3:
        for (let v = 0; v < n; v++) m |= ((cand[u * n + v]! >> j) & 1) << v;
        return m;
      case 4:
        for (let v = 0; v < n; v++) m |= ((cand[v * n + u]! >> j) & 1) << v;
        return m;
      default:
        for (let v = 0; v < n; v++) m |= ((cand[v * n + j]! >> u) & 1) << v;
        return m;
    }
  }

  /** Rules out value v of item j in a view: one digit of one cell. */
  private drop(view: number, u: number, j: number, v: number): boolean {
    const n = this.n;
    switch (view) {
      case 0:
        return this.set(u * n + j, ~(1 << v));
      case 1:
        return this.set(j * n + u, ~(1 << v));
      case 2:
        return this.set(j * n + v, ~(1 << u));
      case 3:
        return this.set(u * n + v, ~(1 << j));
      case 4:
        return this.set(v * n + u, ~(1 << j));
      default:
        return this.set(v * n + j, ~(1 << u));
    }
  }

  /**
   * Tries each set of k items (from `start`, `left` still to choose) whose values together number
   * k, and clears those values from the other items; true at the first that makes progress.
   */
  private eachSubset(view: number, u: number, count: number, k: number, start: number, left: number, chosen: number, union: number): boolean {
    if (popcount(union) > k) return false;
    if (left === 0) return this.applySubset(view, u, count, chosen, union);
    for (let a = start; a <= count - left; a++) {
      if (this.eachSubset(view, u, count, k, a + 1, left - 1, chosen | (1 << a), union | this.masks[a]!)) return true;
    }
    return false;
  }

  private applySubset(view: number, u: number, count: number, found: number, values: number): boolean {
    if (popcount(values) < popcount(found)) return (this.broken = true);
    let changed = false;
    for (let a = 0; a < count; a++) {
      if (found & (1 << a)) continue;
      for (let v = 0; v < this.n; v++) {
        if (values & (1 << v)) changed = this.drop(view, u, this.idx[a]!, v) || changed;
      }
    }
    return changed;
  }

  /** Supposes each digit of a two-way cell in turn; rules out one that breaks the puzzle. */
  private expert(): boolean {
    const { n, cand } = this;
    for (let i = 0; i < n * n; i++) {
      if (popcount(cand[i]!) !== 2) continue;
      let m = cand[i]!;
      while (m) {
        const b = m & -m;
        m ^= b;
        const trial = new Human(this.p, undefined, this);
        trial.set(i, b);
        if (trial.run(2) === 'contradiction') {
          this.set(i, ~b);
          return true;
        }
      }
    }
    return false;
  }
}

export function cellOf(n: number, line: number, k: number): number {
  return line < n ? line * n + k : k * n + (line - n);
}

/** Grades a puzzle up to `maxLevel`: solved or not, and the hardest technique it took. */
export function grade(p: Puz, maxLevel: number): HumanResult {
  const h = new Human(p);
  const status = h.run(maxLevel);
  return { status, level: h.used, cand: h.cand };
}
