import { applyOp, opsMaskOf, OP_BIT, type CalcudokuModel } from './model.js';
import { connected } from './partition.js';
import { puzOfModel } from './puzzle.js';
import { countSolutions } from './solve.js';

/** Every rule of a printed puzzle, checked from the model alone; uniqueness by exact search. */
export function checkModel(m: CalcudokuModel): string[] {
  const n = m.size;
  const problems: string[] = [];
  const sol = m.solution;
  let square = sol.length === n;
  for (let r = 0; r < sol.length; r++) if (sol[r]!.length !== n) square = false;
  if (!square) return [`solution is not ${n}x${n}`];
  const full = 2 ** n - 1;
  for (let k = 0; k < n; k++) {
    // Digits as bits: n distinct digits in 1..n fill every bit exactly.
    let row = 0;
    let col = 0;
    for (let j = 0; j < n; j++) {
      const a = sol[k]![j]!;
      const b = sol[j]![k]!;
      row |= Number.isInteger(a) && a >= 1 && a <= n ? 2 ** (a - 1) : 2 ** 30;
      col |= Number.isInteger(b) && b >= 1 && b <= n ? 2 ** (b - 1) : 2 ** 30;
    }
    if (row !== full) problems.push(`row ${k} is not 1..${n} once each`);
    if (col !== full) problems.push(`column ${k} is not 1..${n} once each`);
  }
  // Loops, no callbacks: the check runs on every puzzle made, and a closure per cage (with the
  // array methods it called) was a large body for the optimising compiler to build, late, on its
  // threads, whose CPU counts in the time per puzzle.
  const seen: number[] = [];
  for (let i = 0; i < n * n; i++) seen.push(0);
  const allowed = opsMaskOf(m.ops);
  for (let k = 0; k < m.cages.length; k++) {
    const cage = m.cages[k]!;
    let outside = false;
    for (const [r, c] of cage.cells) if (!(r >= 0 && r < n && c >= 0 && c < n)) outside = true;
    if (outside) {
      problems.push(`cage ${k} has a cell outside the grid`);
      continue;
    }
    const cells: number[] = [];
    const digits: number[] = [];
    for (const [r, c] of cage.cells) {
      cells.push(r * n + c);
      digits.push(sol[r]![c]!);
      seen[r * n + c]!++;
    }
    if (!connected(n, cells)) problems.push(`cage ${k} is not 4-connected`);
    if (applyOp(cage.op, digits) !== cage.target) problems.push(`cage ${k}: ${digits.join(',')} do not make ${cage.target}${cage.op}`);
    if ((cage.op === '-' || cage.op === '/') && cells.length !== 2) problems.push(`cage ${k}: ${cage.op} on ${cells.length} cells`);
    if ((cage.op === '=') !== (cells.length === 1)) problems.push(`cage ${k}: = belongs on single cells only`);
    if (cage.op !== '=' && !(allowed & OP_BIT[cage.op])) problems.push(`cage ${k}: sign ${cage.op} not in ${m.ops}`);
  }
  for (let i = 0; i < n * n; i++) {
    if (seen[i] !== 1) problems.push(`cell ${Math.floor(i / n)},${i % n} is in ${seen[i]} cages`);
  }
  if (problems.length) return problems;
  const count = countSolutions(puzOfModel(m), 2).count;
  if (count !== 1) problems.push(count === 0 ? 'the clues have no solution' : 'the clues have more than one solution');
  return problems;
}
