export type Difficulty = 'easy' | 'medium' | 'hard' | 'expert' | 'unreasonable';
export type Op = '+' | '-' | '*' | '/' | '=';

export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard', 'expert', 'unreasonable'];

export interface CalcudokuOptions {
  size: number;
  difficulty: Difficulty;
  /** Canonical text over "+-x/" in that order, e.g. "+x". */
  ops: string;
  hideOps: boolean;
  /** A worked example at the top of the first page (not part of the puzzles or their codes). */
  example?: boolean;
}

export interface Cage {
  cells: [number, number][]; // [row, col], from 0
  op: Op;
  target: number;
}

export interface CalcudokuModel {
  size: number;
  difficulty: Difficulty;
  ops: string;
  hideOps: boolean;
  cages: Cage[];
  solution: number[][]; // digits 1..size
}

/** Bits of the operations a cage may use; `=` is implied by every puzzle that allows givens. */
export const OP_BIT: Record<Op, number> = { '+': 1, '-': 2, '*': 4, '/': 8, '=': 16 };

export function opsMaskOf(ops: string): number {
  let m = 0;
  for (const ch of ops) {
    if (ch === '+') m |= OP_BIT['+'];
    else if (ch === '-') m |= OP_BIT['-'];
    else if (ch === 'x' || ch === '*') m |= OP_BIT['*'];
    else if (ch === '/') m |= OP_BIT['/'];
  }
  return m;
}

export function opsTextOf(mask: number): string {
  return (mask & 1 ? '+' : '') + (mask & 2 ? '-' : '') + (mask & 4 ? 'x' : '') + (mask & 8 ? '/' : '');
}

/** The value a cage's digits make under an operation, or null when the operation does not apply. */
export function applyOp(op: Op, digits: readonly number[]): number | null {
  if (op === '=') return digits.length === 1 ? digits[0]! : null;
  if (op === '+' || op === '*') {
    let v = op === '+' ? 0 : 1;
    for (let j = 0; j < digits.length; j++) v = op === '+' ? v + digits[j]! : v * digits[j]!;
    return v;
  }
  if (digits.length !== 2) return null;
  const hi = Math.max(digits[0]!, digits[1]!);
  const lo = Math.min(digits[0]!, digits[1]!);
  if (op === '-') return hi - lo > 0 ? hi - lo : null;
  return hi % lo === 0 && hi / lo > 1 ? hi / lo : null;
}
