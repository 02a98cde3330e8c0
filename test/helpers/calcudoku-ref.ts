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
