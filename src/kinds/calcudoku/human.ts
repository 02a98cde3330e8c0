import { filled, type Puz } from './puzzle.js';
import { filterFillings, fillingsOf, mustOf } from './scan.js';

/**
 * A solver that reasons like a person, for grading. The levels are those of Simon Tatham's Keen
 * (its solver and latin.c), written here from their definitions; each level adds techniques:
 *
 * 0 easy (Keen Easy):      each cage on its own, as a set of digits: a cell keeps only digits that
 *                          appear somewhere in a filling of its cage that fits the candidates left;
 *                          a cell with one digit left clears it from its row and column; a digit
 *                          with one place left in a row or column goes there.
 * 1 medium (Keen Normal):  + cage arithmetic cell by cell: a cell keeps only the digits that some
 *                          filling of its cage puts in that very cell.
 * 2 hard (Keen Hard):      + a digit that every filling of a cage puts in one row (or column) is
 *                          ruled out of the rest of that row; naked and hidden sets of every size
 *                          in a row or column.
 * 3 expert (Keen Extreme): + one digit's rows against its columns (X-wing, swordfish, ...), and
 *                          forcing chains through cells with two digits left.
 * 4 unreasonable:          + trial: suppose one digit of a two-way cell, follow it with the expert
 *                          techniques, and rule it out when that breaks the puzzle (Keen's
 *                          Unreasonable guesses; ours keep to one guess at a time so a person can).
 *
 * It always uses the easiest technique that makes progress and goes back to the easiest after each
 * step, so the highest level it needs is the puzzle's grade, and a fixpoint of a lower level is
 * exactly where a person stuck at that level stops.
 */
export type Status = 'solved' | 'stuck' | 'contradiction';

export const TOP_LEVEL = 4;

export interface HumanResult {
  status: Status;
  level: number; // highest technique level used
  cand: number[];
}

/** One deduction, for worked solutions; cells are indices r*n+c, digits 1..n. */
export type Step =
  | { t: 'cage'; cage: number; perCell: boolean }
  | { t: 'single'; cell: number; digit: number }
  | { t: 'hidden'; line: number; digit: number; cell: number }
  | { t: 'must'; cage: number; line: number; digits: number[] }
  | { t: 'set'; view: number; u: number; items: number[]; values: number[] }
  | { t: 'chain'; digit: number; path: number[]; target: number }
  | { t: 'trial'; cell: number; digit: number };

/** Techniques by level: which happen first in a step list. */
export const STEP_LEVEL = (s: Step): number =>
  s.t === 'cage' ? (s.perCell ? 1 : 0) : s.t === 'single' || s.t === 'hidden' ? 0 : s.t === 'must' ? 2 : s.t === 'set' ? (s.view === 2 || s.view === 5 ? 3 : 2) : s.t === 'chain' ? 3 : 4;

const popcount = (m: number): number => {
  m = m - ((m >> 1) & 0x5555);
  m = (m & 0x3333) + ((m >> 2) & 0x3333);
  m = (m + (m >> 4)) & 0x0f0f;
  return (m + (m >> 8)) & 0x1f;
};

const UNION = new Int32Array(32);
/** Templates copied by every fresh solver: all digits for each n, and zeros. */
const FULL: number[][] = [];
const ZEROS = filled(2048, 0);
const MASKS = new Int32Array(16);
const IDX = new Int32Array(16);
// Forcing-chain scratch, shared: a chain search never runs inside another.
let CHAIN_SEEN = new Int32Array(0);
let CHAIN_QUEUE = new Int32Array(0);
let CHAIN_PREV = new Int32Array(0);
function growChains(size: number): void {
  CHAIN_SEEN = new Int32Array(size);
  CHAIN_QUEUE = new Int32Array(2 * size);
  CHAIN_PREV = new Int32Array(32 * size);
}

/**
 * A solver's state as plain arrays of small integers: search nodes and trials copy a solver many
 * thousands of times per puzzle, and V8 copies such arrays far faster than typed arrays (over 64
 * bytes those live outside the heap: about 1.5 us to make each, measured).
 * `st` holds, at offsets fixed per puzzle: per cage the bits of its cells narrowed since it was last
 * filtered (dirty), whether its lines' musts are stale, and whether its cells may still hold digits
 * outside their own unions (due, for perCell); per cell the digits some filling of its
 * cage puts there (cellUnion) and whether its single digit has been cleared from its lines
 * (spread); per row then column whether it narrowed since hidden singles last looked; per cage and
 * touched line (from p.mustAt) the digits every filling puts there, and after those, the digits
 * last cleared from the rest of that line (cageLines).
 */
export class Human {
  readonly n: number;
  readonly cand: number[];
  private st: number[];
  private readonly oStale: number;
  private readonly oDue: number;
  private readonly oUnion: number;
  private readonly oSpread: number;
  private readonly oLine: number;
  private readonly oMust: number;
  lists: number[][]; // per cage: the fillings still possible (packed, scan.ts)
  private broken = false;
  /** Cells that became single and have not been spread yet: the scan for naked singles stops at 0. */
  private unspread = 0;
  /** Cells spread so far: once easy() is done, every single cell is spread, so all n*n means solved. */
  private spreadCount = 0;
  used = 0;
  /** Set for worked solutions: called after each deduction, with the candidates already narrowed. */
  log: ((s: Step) => void) | null = null;
  /** The last one made, so its shape outlives it and the graders stay optimised (see Rng.last). */
  private static last: Human | undefined;

  /** A fresh solver, or a copy of `from` that only rescans what changes after it. */
  constructor(
    readonly p: Puz,
    cand?: ArrayLike<number>,
    from?: Human,
  ) {
    Human.last = this;
    const n = p.n;
    const size = n * n;
    const cages = p.cages;
    this.n = n;
    this.oStale = cages.length;
    this.oDue = 2 * cages.length;
    this.oUnion = 3 * cages.length;
    this.oSpread = this.oUnion + size;
    this.oLine = this.oSpread + size;
    this.oMust = this.oLine + 2 * n;
    if (from) {
      this.cand = from.cand.slice();
      this.st = from.st.slice();
      this.lists = from.lists.slice(); // filtering makes new arrays, so sharing is safe
      this.broken = from.broken;
      this.unspread = from.unspread;
      this.spreadCount = from.spreadCount;
      return;
    }
    const full = (1 << n) - 1;
    const c = (FULL[n] ??= filled(size, full)).slice();
    this.cand = c;
    const len = this.oMust + 2 * p.lineCount;
    const st = len <= ZEROS.length ? ZEROS.slice(0, len) : filled(len, 0);
    for (let l = 0; l < 2 * n; l++) st[this.oLine + l] = 1;
    for (let k = 0; k < cages.length; k++) st[this.oDue + k] = 1;
    this.st = st;
    const lists: number[][] = [];
    // Easy reading of a cage: its digits as one set, the same for every cell of it. Each cage's own
    // union is already what a scan of it would find, so no cage starts dirty.
    for (let k = 0; k < cages.length; k++) {
      const f = fillingsOf(cages[k]!, n);
      lists.push(f.list);
      const at = this.oMust + p.mustAt[k]!;
      for (let l = 0; l < f.must.length; l++) st[at + l] = f.must[l]!;
      const cells = cages[k]!.cells;
      const union = f.union;
      const any = f.any;
      for (let j = 0; j < cells.length; j++) st[this.oUnion + cells[j]!] = union[j]!;
      if (any === full) continue;
      if (any === 0) this.broken = true;
      for (let j = 0; j < cells.length; j++) c[cells[j]!] = any;
      if (any !== 0 && (any & (any - 1)) === 0) this.unspread += cells.length;
    }
    this.lists = lists;
    if (cand) for (let i = 0; i < cand.length; i++) this.set(i, cand[i]!);
  }

  /** Narrows a cell; marks its cage for rescanning. */
  private set(i: number, m: number): boolean {
    const old = this.cand[i]!;
    const next = old & m;
    if (next === old) return false;
    this.cand[i] = next;
    const st = this.st;
    st[this.p.cageOf[i]!] |= 1 << this.p.posOf[i]!;
    const r = (i / this.n) | 0;
    st[this.oLine + r] = 1;
    st[this.oLine + this.n + i - r * this.n] = 1;
    if (next === 0) this.broken = true;
    else if ((next & (next - 1)) === 0) this.unspread++;
    return true;
  }

  /** Keeps only the digits in `mask` for cell i (a branch of a search). */
  restrict(i: number, mask: number): void {
    this.set(i, mask);
  }

  /**
   * Applies techniques up to `maxLevel` until solved, stuck or broken. `search` adds the cage-line
   * deductions to medium as cheap propagation for the exact solver (never used for grading).
   */
  run(maxLevel: number, search = false): Status {
    for (;;) {
      if (this.broken) return 'contradiction';
      if (this.easy()) continue;
      if (this.broken) return 'contradiction';
      if (this.spreadCount === this.n * this.n) return 'solved';
      if (maxLevel >= 1 && this.perCell()) {
        if (this.used < 1) this.used = 1;
        continue;
      }
      if ((maxLevel >= 2 || search) && this.cageLines()) {
        if (this.used < 2 && !search) this.used = 2;
        continue;
      }
      if (maxLevel >= 2 && this.subsets(HARD_VIEWS)) {
        if (this.used < 2) this.used = 2;
        continue;
      }
      if (maxLevel >= 3 && (this.subsets(FISH_VIEWS) || this.chains())) {
        if (this.used < 3) this.used = 3;
        continue;
      }
      if (maxLevel >= 4 && this.trial()) {
        this.used = 4;
        continue;
      }
      return this.broken ? 'contradiction' : 'stuck';
    }
  }

  /** One round of the easy techniques; true if anything changed. */
  private easy(): boolean {
    let changed = false;
    const { p, n, cand, st } = this;
    const union = UNION;
    for (let k = 0; k < p.cages.length; k++) {
      if (!st[k]) continue;
      const cage = p.cages[k]!;
      const before = this.lists[k]!;
      this.lists[k] = filterFillings(cage, before, cand, n, union);
      st[k] = 0;
      st[this.oDue + k] = 1;
      if (this.lists[k] !== before) st[this.oStale + k] = 1;
      if (this.lists[k]!.length === 0) {
        this.broken = true;
        return true;
      }
      let any = 0;
      for (let j = 0; j < cage.cells.length; j++) {
        st[this.oUnion + cage.cells[j]!] = union[j]!;
        any |= union[j]!;
      }
      let narrowed = false;
      for (let j = 0; j < cage.cells.length; j++) if (this.set(cage.cells[j]!, any)) narrowed = true;
      if (narrowed) {
        changed = true;
        this.log?.({ t: 'cage', cage: k, perCell: false });
      }
      st[k] = 0; // narrowing to its own union drops none of its fillings
    }
    // Naked singles.
    for (let i = 0; i < n * n && this.unspread > 0; i++) {
      const m = cand[i]!;
      if (st[this.oSpread + i] || m === 0 || m & (m - 1)) continue;
      st[this.oSpread + i] = 1;
      this.unspread--;
      this.spreadCount++;
      const r = Math.floor(i / n);
      const c = i % n;
      let cleared = false;
      for (let k = 0; k < n; k++) {
        if (k !== c && this.set(r * n + k, ~m)) cleared = true;
        if (k !== r && this.set(k * n + c, ~m)) cleared = true;
      }
      if (cleared) {
        changed = true;
        this.log?.({ t: 'single', cell: i, digit: 32 - Math.clz32(m) });
      }
    }
    // Hidden singles.
    const full = (1 << n) - 1;
    // A line nothing narrowed since its last look has no new hidden single (and no new gap).
    for (let line = 0; line < 2 * n; line++) {
      if (!st[this.oLine + line]) continue;
      st[this.oLine + line] = 0;
      // Row cells are 1 apart, column cells n apart.
      const first = line < n ? line * n : line - n;
      const step = line < n ? 1 : n;
      let once = 0;
      let twice = 0;
      let placed = 0; // digits of cells down to one digit: nothing to find for those
      for (let k = 0, i = first; k < n; k++, i += step) {
        const m = cand[i]!;
        twice |= once & m;
        once |= m;
        if ((m & (m - 1)) === 0) placed |= m;
      }
      if (once !== full) {
        this.broken = true;
        return true;
      }
      let single = once & ~twice & ~placed;
      while (single) {
        const b = single & -single;
        single ^= b;
        for (let k = 0, i = first; k < n; k++, i += step) {
          if (cand[i]! & b) {
            if (this.set(i, b)) {
              changed = true;
              this.log?.({ t: 'hidden', line, digit: 32 - Math.clz32(b), cell: i });
            }
            break;
          }
        }
      }
    }
    return changed;
  }

  /** Medium: each cell keeps only what its cage's fillings put in that cell. */
  private perCell(): boolean {
    const { p } = this;
    let changed = false;
    for (let k = 0; k < p.cages.length; k++) {
      // Due since its fillings were last filtered; otherwise its cells are within their unions already.
      if (!this.st[this.oDue + k]) continue;
      this.st[this.oDue + k] = 0;
      const cells = p.cages[k]!.cells;
      let narrowed = false;
      for (const i of cells) if (this.set(i, this.st[this.oUnion + i]!)) narrowed = true;
      if (narrowed) {
        changed = true;
        this.log?.({ t: 'cage', cage: k, perCell: true });
        if (this.log) return true; // one cage at a time reads better, and easy steps come first
      }
    }
    return changed;
  }

  /** Hard: digits every filling of a cage puts in one line are ruled out of the rest of that line. */
  private cageLines(): boolean {
    const { p, n } = this;
    let changed = false;
    for (let k = 0; k < p.cages.length; k++) {
      const cage = p.cages[k]!;
      const must = this.st;
      const at = this.oMust + p.mustAt[k]!;
      if (must[this.oStale + k]) {
        mustOf(cage, this.lists[k]!, n, must, at);
        must[this.oStale + k] = 0;
      }
      for (let l = 0; l < cage.lines.length; l++) {
        const digits = must[at + l]!;
        // Applied before and unchanged since: those digits are gone from the rest of the line.
        if (!digits || digits === must[at + p.lineCount + l]) continue;
        must[at + p.lineCount + l] = digits;
        const line = cage.lines[l]!;
        let narrowed = false;
        for (let j = 0; j < n; j++) {
          const i = cellOf(n, line, j);
          if (p.cageOf[i] !== k && this.set(i, ~digits)) narrowed = true;
        }
        if (narrowed) {
          changed = true;
          if (this.log) {
            this.log({ t: 'must', cage: k, line, digits: digitsOf(digits) });
            return true;
          }
        }
      }
    }
    return changed;
  }

  /**
   * Sets in the row-column-digit cube: each view fixes one coordinate u, its items are a second
   * coordinate and its values the third; k items whose values number k keep those values to
   * themselves. Views 0 and 1 are naked sets in rows and columns, 3 and 4 hidden sets, 2 and 5
   * fish (one digit's rows over columns and columns over rows). Naked of size k and hidden of size
   * u-k are the same fact, so sizes up to half cover every set.
   */
  private subsets(views: readonly number[]): boolean {
    const n = this.n;
    const masks = MASKS;
    const idx = IDX;
    const maxK = n >> 1;
    for (const view of views) {
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

  /** Written out per view because this runs thousands of times per grade. */
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
      if (this.eachSubset(view, u, count, k, a + 1, left - 1, chosen | (1 << a), union | MASKS[a]!)) return true;
    }
    return false;
  }

  private applySubset(view: number, u: number, count: number, found: number, values: number): boolean {
    if (popcount(values) < popcount(found)) return (this.broken = true);
    let changed = false;
    for (let a = 0; a < count; a++) {
      if (found & (1 << a)) continue;
      for (let v = 0; v < this.n; v++) {
        if (values & (1 << v)) changed = this.drop(view, u, IDX[a]!, v) || changed;
      }
    }
    if (changed && this.log) {
      const items: number[] = [];
      for (let a = 0; a < count; a++) if (found & (1 << a)) items.push(IDX[a]!);
      this.log({ t: 'set', view, u, items, values: digitsOf(values).map((d) => d - 1) });
    }
    return changed;
  }

  /**
   * Forcing chains: from a cell with two digits left, suppose it is not digit d, so it is its other
   * digit; every two-way cell in line with a cell forced to some digit is then forced to its other
   * one. When a cell of the chain is forced to d, one of it and the start holds d, so a cell in line
   * with both cannot. A cell may be reached forced either way, so the search runs over (cell, digit).
   */
  private chains(): boolean {
    const { n, cand } = this;
    const size = n * n;
    if (CHAIN_SEEN.length < size) growChains(size);
    const seen = CHAIN_SEEN; // per cell: digits it was forced to
    const queue = CHAIN_QUEUE; // cell * 16 + digit bit index
    const prev = CHAIN_PREV; // per state: the state it came from
    for (let s = 0; s < size; s++) {
      const ms = cand[s]!;
      if (popcount(ms) !== 2) continue;
      const sr = (s / n) | 0;
      const sc = s - sr * n;
      for (let d = ms; d; d &= d - 1) {
        const orig = d & -d;
        seen.fill(0, 0, size);
        const first = s * 16 + (31 - Math.clz32(ms ^ orig));
        prev[first] = -1;
        let head = 0;
        let tail = 0;
        queue[tail++] = first;
        while (head < tail) {
          const state = queue[head++]!;
          const x = state >> 4;
          const b = 1 << (state & 15);
          const xr = (x / n) | 0;
          const xc = x - xr * n;
          for (let k = 0; k < 2 * n; k++) {
            const y = k < n ? xr * n + k : (k - n) * n + xc;
            if (y === x || y === s || !(cand[y]! & b)) continue;
            const yr = (y / n) | 0;
            if (b === orig && (yr === sr || y - yr * n === sc)) {
              this.set(y, ~orig);
              if (this.log) {
                const path: number[] = [];
                for (let z = state; z >= 0; z = prev[z]!) path.unshift(z >> 4);
                this.log({ t: 'chain', digit: 32 - Math.clz32(orig), path, target: y });
              }
              return true;
            }
            if (popcount(cand[y]!) === 2) {
              const w = cand[y]! ^ b;
              if (seen[y]! & w) continue;
              seen[y] |= w;
              const next = y * 16 + (31 - Math.clz32(w));
              prev[next] = state;
              queue[tail++] = next;
            }
          }
        }
      }
    }
    return false;
  }

  /** Supposes each digit of a two-way cell in turn; rules out one that breaks the puzzle. */
  private trial(): boolean {
    const { n, cand } = this;
    for (let i = 0; i < n * n; i++) {
      if (popcount(cand[i]!) !== 2) continue;
      let m = cand[i]!;
      while (m) {
        const b = m & -m;
        m ^= b;
        const trial = new Human(this.p, undefined, this);
        trial.set(i, b);
        if (trial.run(3) === 'contradiction') {
          this.set(i, ~b);
          this.log?.({ t: 'trial', cell: i, digit: 32 - Math.clz32(b) });
          return true;
        }
      }
    }
    return false;
  }
}

const HARD_VIEWS = [0, 1, 3, 4] as const;
const FISH_VIEWS = [2, 5] as const;

function digitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let d = 1; mask; d++, mask >>= 1) if (mask & 1) out.push(d);
  return out;
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
