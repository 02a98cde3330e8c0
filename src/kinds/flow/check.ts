import type { FlowModel } from './model.js';
import { cluesOf } from './model.js';
import { linksOf } from './cover.js';
import { count } from './prove.js';

/**
 * Every printed rule, checked from the model alone: lines join their two ends step by step,
 * every square is used once, no line is shorter than 3, fills a 2x2 block or has touching ends,
 * and the exact solver finds no other solution.
 */
export function checkFlow(m: FlowModel): string[] {
  const problems: string[] = [];
  const { width: W, height: H } = m;
  const seen = new Int32Array(W * H).fill(-1);
  const inside = ([r, c]: [number, number]) => Number.isInteger(r) && Number.isInteger(c) && r >= 0 && r < H && c >= 0 && c < W;
  if (m.paths.length !== m.endpoints.length) problems.push(`${m.endpoints.length} pairs of ends but ${m.paths.length} lines`);
  m.paths.forEach((p, k) => {
    const ends = m.endpoints.find((e) => e.label === p.label);
    if (!ends) return void problems.push(`line ${p.label} has no ends`);
    if (p.cells.length < 3) problems.push(`line ${p.label} is shorter than 3 squares`);
    const [a, b] = ends.cells;
    const first = p.cells[0];
    const last = p.cells[p.cells.length - 1];
    const same = (x?: [number, number], y?: [number, number]) => !!x && !!y && x[0] === y[0] && x[1] === y[1];
    if (!((same(first, a) && same(last, b)) || (same(first, b) && same(last, a)))) problems.push(`line ${p.label} does not run from one end to the other`);
    if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1) problems.push(`the ends of line ${p.label} are neighbours`);
    p.cells.forEach((cell, j) => {
      if (!inside(cell)) return void problems.push(`line ${p.label} leaves the grid`);
      const i = cell[0] * W + cell[1];
      if (seen[i]! >= 0) problems.push(`square ${cell} is used twice`);
      seen[i] = k;
      const prev = p.cells[j - 1];
      if (prev && Math.abs(prev[0] - cell[0]) + Math.abs(prev[1] - cell[1]) !== 1) problems.push(`line ${p.label} jumps at ${cell}`);
    });
  });
  if (problems.length) return problems;
  if (seen.includes(-1)) return ['some squares are on no line'];
  for (let r = 0; r + 1 < H; r++) {
    for (let c = 0; c + 1 < W; c++) {
      const k = seen[r * W + c];
      if (seen[r * W + c + 1] === k && seen[(r + 1) * W + c] === k && seen[(r + 1) * W + c + 1] === k) {
        problems.push(`line ${m.paths[k!]!.label} fills the 2x2 block at ${r},${c}`);
      }
    }
  }
  const cover = m.paths.map((p) => p.cells.map(([r, c]) => r * W + c));
  // Far more effort than generation allows: a printed puzzle was already proved within less.
  const res = count(cluesOf(m), linksOf(cover, W, H), { states: 2_000_000, nodes: 2_000_000 });
  if (res.gaveUp) problems.push('the solver gave up before proving one solution');
  else if (res.solutions !== 1) problems.push(`the puzzle has ${res.solutions === 0 ? 'no' : 'more than one'} solution`);
  return problems;
}
