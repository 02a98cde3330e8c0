/**
 * An independent referee for Calcudoku models: written from the rules, sharing no code with the
 * generator, grader or solver in src/kinds/calcudoku. Its solver places whole cages at a time
 * (exact cover over cage fillings), where the kind's solver narrows single cells.
 */
export interface RefCage {
  cells: [number, number][];
  op: string;
  target: number;
}

export interface RefModel {
  size: number;
  ops: string;
  hideOps: boolean;
  cages: RefCage[];
  solution: number[][];
}

function value(op: string, ds: number[]): number | undefined {
  if (op === '=') return ds.length === 1 ? ds[0] : undefined;
  if (op === '+') return ds.reduce((a, b) => a + b, 0);
  if (op === '*') return ds.reduce((a, b) => a * b, 1);
  if (ds.length !== 2) return undefined;
  const [a, b] = ds[0]! > ds[1]! ? [ds[0]!, ds[1]!] : [ds[1]!, ds[0]!];
  if (op === '-') return a - b;
  if (op === '/') return a % b === 0 ? a / b : undefined;
  return undefined;
}

/** The signs a reader may assume for a cage: the printed one, or with hidden signs any allowed one. */
function readings(m: RefModel, cage: RefCage): string[] {
  if (cage.cells.length === 1) return ['='];
  if (!m.hideOps) return [cage.op];
  const all = m.ops.replace('x', '*').split('');
  return cage.cells.length === 2 ? all : all.filter((o) => o === '+' || o === '*');
}

export function ruleProblems(m: RefModel): string[] {
  const n = m.size;
  const out: string[] = [];
  const want = Array.from({ length: n }, (_, i) => i + 1).join();
  for (let i = 0; i < n; i++) {
    if ([...m.solution[i]!].sort((a, b) => a - b).join() !== want) out.push(`row ${i}`);
    if (m.solution.map((r) => r[i]!).sort((a, b) => a - b).join() !== want) out.push(`column ${i}`);
  }
  const count = new Map<string, number>();
  for (const cage of m.cages) {
    for (const [r, c] of cage.cells) count.set(`${r},${c}`, (count.get(`${r},${c}`) ?? 0) + 1);
    // 4-connected: flood from the first cell through cage cells that touch side by side.
    const keys = new Set(cage.cells.map(([r, c]) => `${r},${c}`));
    const reached = new Set([[...keys][0]!]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const [r, c] of cage.cells) {
        if (reached.has(`${r},${c}`)) continue;
        if ([`${r - 1},${c}`, `${r + 1},${c}`, `${r},${c - 1}`, `${r},${c + 1}`].some((k) => reached.has(k))) {
          reached.add(`${r},${c}`);
          grew = true;
        }
      }
    }
    if (reached.size !== keys.size) out.push(`cage at ${cage.cells[0]} not connected`);
    const ds = cage.cells.map(([r, c]) => m.solution[r]![c]!);
    if (value(cage.op, ds) !== cage.target) out.push(`cage at ${cage.cells[0]} target`);
    if (cage.op === '-' || cage.op === '/') {
      if (cage.cells.length !== 2 || !(cage.target > 0) || !Number.isInteger(cage.target)) out.push(`cage at ${cage.cells[0]} ${cage.op}`);
    }
    if (cage.op === '=' && cage.cells.length !== 1) out.push('= on a big cage');
    if (cage.op !== '=' && !m.ops.replace('x', '*').includes(cage.op)) out.push(`sign ${cage.op} not allowed`);
  }
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (count.get(`${r},${c}`) !== 1) out.push(`cell ${r},${c} coverage`);
  return out;
}

/** All digit tuples for a cage's cells that give its target under some reading, no repeats in a line. */
function fillings(m: RefModel, cage: RefCage): number[][] {
  const n = m.size;
  const ops = readings(m, cage);
  const out: number[][] = [];
  const cur: number[] = [];
  const walk = (k: number) => {
    if (k === cage.cells.length) {
      if (ops.some((op) => value(op, cur) === cage.target)) out.push([...cur]);
      return;
    }
    const [r, c] = cage.cells[k]!;
    const left = cage.cells.length - k - 1;
    for (let d = 1; d <= n; d++) {
      if (cage.cells.slice(0, k).some(([r2, c2], j) => (r2 === r || c2 === c) && cur[j] === d)) continue;
      // Give up on a prefix only when no reading of the clue can still be reached from it.
      const sum = cur.reduce((a, b) => a + b, 0) + d;
      const product = cur.reduce((a, b) => a * b, 1) * d;
      const hopeless = ops.every((op) =>
        op === '+' ? sum + left > cage.target || sum + left * n < cage.target
        : op === '*' ? cage.target % product !== 0
        : false,
      );
      if (hopeless) continue;
      cur.push(d);
      walk(k + 1);
      cur.pop();
    }
  };
  walk(0);
  return out;
}

/** Solutions of the clues, up to `limit`, by placing the most constrained cage first. */
export function refSolve(m: RefModel, limit = 2): number[][][] {
  const n = m.size;
  const lists = m.cages.map((c) => fillings(m, c));
  const rowUsed = new Array<number>(n).fill(0);
  const colUsed = new Array<number>(n).fill(0);
  const grid = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const placed = new Array<boolean>(m.cages.length).fill(false);
  const found: number[][][] = [];
  const fits = (k: number, f: number[]) =>
    m.cages[k]!.cells.every(([r, c], j) => !(rowUsed[r]! & (1 << f[j]!)) && !(colUsed[c]! & (1 << f[j]!)));
  const go = (left: number, lists: number[][][]) => {
    if (found.length >= limit) return;
    if (left === 0) {
      found.push(grid.map((row) => [...row]));
      return;
    }
    let best = -1;
    let bestOptions: number[][] = [];
    const now: number[][][] = [];
    for (let k = 0; k < m.cages.length; k++) {
      if (placed[k]) {
        now.push([]);
        continue;
      }
      const options = lists[k]!.filter((f) => fits(k, f));
      now.push(options);
      if (options.length === 0) return;
      if (best < 0 || options.length < bestOptions.length) {
        best = k;
        bestOptions = options;
      }
    }
    placed[best] = true;
    const cells = m.cages[best]!.cells;
    for (const f of bestOptions) {
      cells.forEach(([r, c], j) => {
        rowUsed[r]! |= 1 << f[j]!;
        colUsed[c]! |= 1 << f[j]!;
        grid[r]![c] = f[j]!;
      });
      go(left - 1, now);
      cells.forEach(([r, c], j) => {
        rowUsed[r]! &= ~(1 << f[j]!);
        colUsed[c]! &= ~(1 << f[j]!);
        grid[r]![c] = 0;
      });
      if (found.length >= limit) break;
    }
    placed[best] = false;
  };
  go(m.cages.length, lists);
  return found;
}

/**
 * A second grader for the difficulty levels, written from their definitions (Keen's: Easy, Normal,
 * Hard, Extreme, and ours for Unreasonable) and sharing nothing with the kind's grader: candidates
 * are sets of digits per cell, each level is the closure of its techniques applied in any order
 * until nothing changes, and the puzzle counts as solved at a level when that closure fills it.
 *
 * 0 easy: a cell keeps the digits its cage uses in any filling that fits the candidates (one set
 *   for the whole cage); naked singles; hidden singles in rows and columns.
 * 1 medium: a cell keeps the digits that fitting fillings put in that cell.
 * 2 hard: digits in one line in every fitting filling of a cage leave the rest of that line;
 *   naked sets of any size in a line (hidden sets are the naked sets of the other cells).
 * 3 expert: one digit's rows against its columns and columns against rows, any size; forcing
 *   chains through two-digit cells.
 * 4 unreasonable: a digit of a two-digit cell that leads to a contradiction under level 3 is removed.
 */
export function refGrade(m: RefModel, level: number): 'solved' | 'stuck' | 'broken' {
  const n = m.size;
  const lists = m.cages.map((c) => fillings(m, c));
  const cand: Set<number>[] = Array.from({ length: n * n }, () => new Set(Array.from({ length: n }, (_, i) => i + 1)));
  return closure(m, lists, cand, level);
}

type Cands = Set<number>[];

function closure(m: RefModel, lists: number[][][], cand: Cands, level: number): 'solved' | 'stuck' | 'broken' {
  const n = m.size;
  const at = (r: number, c: number) => cand[r * n + c]!;
  const lines: [number, number][][] = [];
  for (let k = 0; k < n; k++) {
    lines.push(Array.from({ length: n }, (_, j) => [k, j] as [number, number]));
    lines.push(Array.from({ length: n }, (_, j) => [j, k] as [number, number]));
  }
  let changed = true;
  const remove = (r: number, c: number, d: number) => {
    if (at(r, c).delete(d)) changed = true;
  };
  const broken = (): boolean => {
    if (cand.some((s) => s.size === 0)) return true;
    for (const line of lines) {
      for (let d = 1; d <= n; d++) if (!line.some(([r, c]) => at(r, c).has(d))) return true;
    }
    return false;
  };
  while (changed) {
    changed = false;
    if (broken()) return 'broken';
    // Cages: the fillings that fit what is left.
    for (let k = 0; k < m.cages.length; k++) {
      const cells = m.cages[k]!.cells;
      const fit = lists[k]!.filter((f) => cells.every(([r, c], j) => at(r, c).has(f[j]!)));
      if (!fit.length) return 'broken';
      cells.forEach(([r, c], j) => {
        const keep = new Set(level >= 1 ? fit.map((f) => f[j]!) : fit.flat());
        for (const d of [...at(r, c)]) if (!keep.has(d)) remove(r, c, d);
      });
      if (level >= 2) {
        for (const line of lines) {
          const inCage = cells.map(([r, c], j) => (line.some(([a, b]) => a === r && b === c) ? j : -1)).filter((j) => j >= 0);
          if (!inCage.length) continue;
          for (let d = 1; d <= n; d++) {
            if (!fit.every((f) => inCage.some((j) => f[j] === d))) continue;
            for (const [r, c] of line) if (!cells.some(([a, b]) => a === r && b === c)) remove(r, c, d);
          }
        }
      }
    }
    // Singles.
    for (const line of lines) {
      for (const [r, c] of line) {
        if (at(r, c).size !== 1) continue;
        const d = [...at(r, c)][0]!;
        for (const [r2, c2] of line) if (r2 !== r || c2 !== c) remove(r2, c2, d);
      }
      for (let d = 1; d <= n; d++) {
        const places = line.filter(([r, c]) => at(r, c).has(d));
        if (places.length === 1) {
          const [r, c] = places[0]!;
          for (const e of [...at(r, c)]) if (e !== d) remove(r, c, e);
        }
      }
    }
    if (level >= 2) {
      for (const line of lines) {
        const open = line.filter(([r, c]) => at(r, c).size > 1);
        for (let mask = 1; mask < 1 << open.length; mask++) {
          const part = open.filter((_, j) => mask & (1 << j));
          if (part.length < 2 || part.length > open.length - 2) continue;
          const union = new Set(part.flatMap(([r, c]) => [...at(r, c)]));
          if (union.size < part.length) return 'broken';
          if (union.size > part.length) continue;
          for (const cell of open) if (!part.includes(cell)) for (const d of union) remove(cell[0], cell[1], d);
        }
      }
    }
    if (level >= 3) {
      fish(n, cand, remove);
      chains(n, cand, remove);
    }
    if (level >= 4 && !changed) {
      for (let i = 0; i < n * n && !changed; i++) {
        if (cand[i]!.size !== 2) continue;
        for (const d of [...cand[i]!]) {
          const copy = cand.map((s) => new Set(s));
          copy[i] = new Set([d]);
          if (closure(m, lists, copy, 3) === 'broken') {
            cand[i]!.delete(d);
            changed = true;
            break;
          }
        }
      }
    }
  }
  return cand.every((s) => s.size === 1) ? 'solved' : 'stuck';
}

/** For each digit: k rows whose places for it lie in k columns clear it from those columns elsewhere; and transposed. */
function fish(n: number, cand: Cands, remove: (r: number, c: number, d: number) => void): void {
  for (let d = 1; d <= n; d++) {
    for (const flip of [false, true]) {
      const has = (a: number, b: number) => (flip ? cand[b * n + a]! : cand[a * n + b]!).has(d);
      const open = Array.from({ length: n }, (_, a) => a).filter((a) => Array.from({ length: n }, (_, b) => b).filter((b) => has(a, b)).length > 1);
      for (let mask = 1; mask < 1 << open.length; mask++) {
        const rows = open.filter((_, j) => mask & (1 << j));
        if (rows.length < 2) continue;
        const cols = Array.from({ length: n }, (_, b) => b).filter((b) => rows.some((a) => has(a, b)));
        if (cols.length !== rows.length) continue;
        for (let a = 0; a < n; a++) {
          if (rows.includes(a)) continue;
          for (const b of cols) if (has(a, b)) (flip ? remove(b, a, d) : remove(a, b, d));
        }
      }
    }
  }
}

/**
 * Suppose a two-digit cell is not one of its digits: it is the other, and every two-digit cell in
 * line with a cell forced to some digit is forced to its other digit. A cell forced to the first
 * digit means one of it and the start holds it, so a cell in line with both cannot.
 */
function chains(n: number, cand: Cands, remove: (r: number, c: number, d: number) => void): void {
  const peers = (i: number, j: number) => i !== j && (Math.floor(i / n) === Math.floor(j / n) || i % n === j % n);
  for (let s = 0; s < n * n; s++) {
    if (cand[s]!.size !== 2) continue;
    for (const d of [...cand[s]!]) {
      const other = [...cand[s]!].find((e) => e !== d)!;
      const seen = new Set<string>();
      const todo: [number, number][] = [[s, other]];
      while (todo.length) {
        const [x, v] = todo.shift()!;
        for (let y = 0; y < n * n; y++) {
          if (!peers(x, y) || y === s || !cand[y]!.has(v)) continue;
          if (cand[y]!.size === 2) {
            const w = [...cand[y]!].find((e) => e !== v)!;
            if (!seen.has(`${y},${w}`)) {
              seen.add(`${y},${w}`);
              todo.push([y, w]);
            }
          }
          // After the step above: removing d first could leave y looking like a two-digit cell.
          if (v === d && peers(s, y)) remove(Math.floor(y / n), y % n, d);
        }
      }
    }
  }
}
