import { z } from 'zod';
import { choice, fail, failTogether, failOn, got, range } from '../../core/errors.js';
import type { OptionSpec } from '../../core/kind.js';
import { exampleOf, EXAMPLE_SPECS, switchOf } from '../../core/options.js';
import { DIFFICULTIES, opsMaskOf, opsTextOf, type CalcudokuOptions, type Difficulty } from './model.js';

export const optionSpecs: OptionSpec[] = [
  { key: 'size', flags: '--size <n>', description: 'grid size, 3 to 12 (default 6)', help: 'squares across and down, 3 to 12 (6 when left empty)', range: [3, 12] },
  { key: 'difficulty', flags: '--difficulty <level>', description: 'easy, medium, hard, expert or unreasonable (needs trial and error) (default medium; a 3x3 grid can only be easy)', help: 'how much thinking each puzzle needs, from easy to unreasonable (which needs trial and error); a 3x3 grid can only be easy', choices: DIFFICULTIES },
  { key: 'ops', flags: '--ops <ops>', label: 'Signs', description: 'signs to use, any of + - x / (default +-x/)', help: 'the signs the boxes use: type + - x / for plus, minus, times and divide (all four when left as it is)', example: '+-x/' },
  { key: 'hideOps', flags: '--hide-ops', label: 'Hide signs', description: 'print targets without their signs (harder; the answer key shows them)' },
  ...EXAMPLE_SPECS,
];

function sizeOf(v: unknown): number {
  if (v === undefined) return 6;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 3 || n > 12) failOn('--size', `must be a whole number from 3 to 12 ${got(v)}`, range(3, 12));
  return n;
}

function difficultyOf(v: unknown, size: number): Difficulty {
  // A 3x3 grid gives every digit away through its cages alone: there is nothing harder to ask.
  if (v === undefined) return size === 3 ? 'easy' : 'medium';
  const s = String(v).trim().toLowerCase();
  if (!(DIFFICULTIES as readonly string[]).includes(s)) {
    failOn('--difficulty', `must be one of easy, medium, hard, expert, unreasonable ${got(v)}`, choice(DIFFICULTIES));
  }
  if (size === 3 && s !== 'easy') failOn('--difficulty', `${s} needs --size 4 or more: a 3x3 Calcudoku can only be easy`);
  return s as Difficulty;
}

function opsOf(v: unknown): string {
  if (v === undefined) return '+-x/';
  const s = String(v).replace(/\s+/g, '').replace(/[×X]/g, 'x').replace(/[÷:]/g, '/').replace(/−/g, '-');
  if (s === '' || /[^-+x*/]/.test(s)) failOn('--ops', `may only use + - x / ${got(v)}`);
  const mask = opsMaskOf(s);
  // 2-cell cages are the only ones division can fill, and too few pairs divide to tile a grid.
  if (mask === 8) failOn('--ops', '/ on its own cannot fill a grid: add + or x or - (for example --ops -/)');
  return opsTextOf(mask);
}

/** Raw options in, full options out; bad values throw a UserError naming the flag. */
export const schema = z
  .object({
    size: z.unknown().optional(),
    difficulty: z.unknown().optional(),
    ops: z.unknown().optional(),
    hideOps: z.unknown().optional(),
    example: z.unknown().optional(),
  })
  .passthrough()
  .transform(
    (o): CalcudokuOptions => {
      // each field's mistakes together (the web page marks them all); difficulty depends on size
      const [[size, difficulty], ops, hideOps, example] = failTogether(
        () => {
          const size = sizeOf(o.size);
          return [size, difficultyOf(o.difficulty, size)] as const;
        },
        () => opsOf(o.ops),
        () => switchOf(o.hideOps, '--hide-ops'),
        () => exampleOf(o.example),
      );
      return { size, difficulty, ops, hideOps, example };
    },
  );

const DIFF_LETTER: Record<Difficulty, string> = { easy: 'E', medium: 'M', hard: 'H', expert: 'X', unreasonable: 'U' };
const B32 = '0123456789ABCDEFGHIJKLMNOPQRSTUV';

/** Three characters: size in base 36, difficulty letter, ops bits plus 16 for hidden signs in base 32. */
export function encode(o: CalcudokuOptions): string {
  return o.size.toString(36).toUpperCase() + DIFF_LETTER[o.difficulty] + B32[opsMaskOf(o.ops) + (o.hideOps ? 16 : 0)];
}

export function decode(text: string): CalcudokuOptions {
  const t = text.trim().toUpperCase();
  const bad = () => fail(`"${text}" is not a Calcudoku code part: expected size, level and signs like 6HF`);
  if (t.length !== 3) bad();
  const size = parseInt(t[0]!, 36);
  const difficulty = DIFFICULTIES.find((d) => DIFF_LETTER[d] === t[1]);
  const bits = B32.indexOf(t[2]!);
  if (!(size >= 3 && size <= 12) || !difficulty || (size === 3 && difficulty !== 'easy') || bits < 0 || (bits & 15) === 0 || (bits & 15) === 8) bad();
  return { size, difficulty: difficulty!, ops: opsTextOf(bits & 15), hideOps: bits >= 16, example: true };
}
