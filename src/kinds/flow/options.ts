import { z } from 'zod';
import { fail, failTogether, aOrAn, failOn, got, range, choice } from '../../core/errors.js';
import type { OptionSpec } from '../../core/kind.js';
import type { Difficulty } from './model.js';
import { exampleOf, EXAMPLE_SPECS } from '../../core/options.js';

export const MIN_SIDE = 5;
export const MAX_SIDE = 20;
const DEFAULT_SIDE = 8;
export const MAX_LINES = 60; // labels 1..60 still fit a dot; more would not be readable
const LEVELS: Difficulty[] = ['easy', 'medium', 'hard', 'expert'];

export interface FlowOptions {
  width: number;
  height: number;
  difficulty: Difficulty;
  /** Lines allowed, both ends included; from --colors or from the difficulty. */
  minLines: number;
  maxLines: number;
  /** True when the user chose the line range (kept in codes so a code regenerates the puzzle). */
  customLines: boolean;
  /** A worked example at the top of the first page (not part of the puzzles or their codes). */
  example: boolean;
}

export const flowOptionSpecs: OptionSpec[] = [
  { key: 'size', flags: '--size <n>', description: `width and height, ${MIN_SIDE} to ${MAX_SIDE} (default ${DEFAULT_SIDE})`, help: `squares across and down, ${MIN_SIDE} to ${MAX_SIDE} (${DEFAULT_SIDE} when left empty)`, range: [MIN_SIDE, MAX_SIDE] },
  { key: 'width', flags: '--width <w>', description: `columns, ${MIN_SIDE} to ${MAX_SIDE} (default: same as --size)`, help: `squares across, ${MIN_SIDE} to ${MAX_SIDE}, for a grid that is not square (left empty: as Size)`, range: [MIN_SIDE, MAX_SIDE] },
  { key: 'height', flags: '--height <h>', description: `rows, ${MIN_SIDE} to ${MAX_SIDE} (default: same as --size)`, help: `squares down, ${MIN_SIDE} to ${MAX_SIDE}, for a grid that is not square (left empty: as Size)`, range: [MIN_SIDE, MAX_SIDE] },
  {
    key: 'colors',
    flags: '--colors <min-max>',
    description: 'how many lines, e.g. 6-8; each line needs at least 3 squares (default: from --difficulty)',
    label: 'Colours',
    help: 'how many lines, for example 6-8; each line needs at least 3 squares (leave empty: from Difficulty)',
    example: '6-8',
  },
  { key: 'difficulty', flags: '--difficulty <level>', description: 'easy, medium, hard or expert (default medium)', help: 'how much thinking each puzzle needs: harder puzzles have fewer, longer lines, and a move must sometimes be tried to see where it leads', choices: LEVELS },
  ...EXAMPLE_SPECS,
];

/**
 * Lines for a difficulty, after commercial packs (about 15 at 14x14, 8 at 10x10). Past 14x14
 * they rise faster than the packs' (about 21 at 20x20): so few lines on so big a grid cannot yet
 * be proved unique in seconds, so 20x20 gets about 35-38 (33-35 hard, 32-34 expert).
 * medium is near that, hard and expert have fewer and longer lines, which leave a solver far
 * more to search. Easy puzzles must fall to forced moves and one-step trials, which takes more
 * lines (about one per 8 squares).
 */
export function linesFor(width: number, height: number, difficulty: Difficulty): [number, number] {
  const area = width * height;
  const side = Math.sqrt(area);
  // Medium's middle: 4 lines at 5x5, 8 at 10x10, 15 at 14x14, 19 at 15x15, 35 at 20x20.
  const mid =
    side <= 10 ? 0.8 * side : side <= 14 ? 8 + 1.75 * (side - 10) : side <= 15 ? 15 + 4.4 * (side - 14) : 19.4 + 3.2 * (side - 15);
  const at = (x: number) => Math.max(2, Math.round(mid + x));
  const easyLo = Math.max(at(2), Math.round(area / 9));
  const [min, max] =
    difficulty === 'easy'
      ? [easyLo, Math.max(easyLo + 2, Math.round(area / 6.5))]
      : difficulty === 'medium'
        ? [at(0), at(side / 7)]
        : difficulty === 'hard'
          ? [at(-side / 7), at(0)]
          : side > 15
            ? // Past 15x15 fewer lines than this are seldom proved in time (20x20: 32-34).
              [at(-side / 6), at(-side / 14)]
            : [at(-side / 4), at(-side / 7)];
  const cap = Math.min(MAX_LINES, Math.floor((width * height) / 3));
  return [Math.min(min, cap), Math.min(max, cap)];
}

function side(flag: string, raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (!Number.isInteger(n) || n < MIN_SIDE || n > MAX_SIDE) {
    failOn(`--${flag}`, `must be a whole number from ${MIN_SIDE} to ${MAX_SIDE} ${got(raw)}`, range(MIN_SIDE, MAX_SIDE));
  }
  return n;
}

function parseColors(raw: string, width: number, height: number): [number, number] {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(raw);
  const cap = Math.min(MAX_LINES, Math.floor((width * height) / 3));
  if (!m) failOn('--colors', `must be one number, or the fewest and most lines with a dash between, such as 6-8 ${got(raw)}`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (min > max) failOn('--colors', `${raw}: write the smaller number first, such as ${max}-${min}`);
  if (min < 2) failOn('--colors', `${raw}: a puzzle needs at least 2 lines`);
  if (max > cap) {
    // "labels up to 60" was the program's reason, not one a teacher can act on
    const why = cap < MAX_LINES ? 'each line needs at least 3 squares' : `no grid has more than ${MAX_LINES}`;
    failOn('--colors', `${raw}: ${aOrAn(String(width))} ${width}x${height} grid fits at most ${cap} lines (${why})`);
  }
  return [min, max];
}

function levelOf(v: unknown): Difficulty {
  const level = v === undefined ? 'medium' : String(v).trim().toLowerCase();
  if (!LEVELS.includes(level as Difficulty)) failOn('--difficulty', `must be easy, medium, hard or expert ${got(v)}`, choice(LEVELS));
  return level as Difficulty;
}

const raw = z
  .object({
    size: z.unknown().optional(),
    width: z.unknown().optional(),
    height: z.unknown().optional(),
    colors: z.unknown().optional(),
    difficulty: z.unknown().optional(),
    example: z.unknown().optional(),
  })
  .passthrough();

export const flowSchema = raw.transform((o): FlowOptions => {
  // each field's own mistakes together (the web page marks them all); the line count needs the sides
  const [size, w, h, difficulty, example] = failTogether(
    () => side('size', o.size),
    () => side('width', o.width),
    () => side('height', o.height),
    () => levelOf(o.difficulty),
    () => exampleOf(o.example),
  );
  const width = w ?? size ?? DEFAULT_SIDE;
  const height = h ?? size ?? DEFAULT_SIDE;
  if (o.colors !== undefined && o.colors !== '') {
    const [minLines, maxLines] = parseColors(String(o.colors), width, height);
    return { width, height, difficulty, minLines, maxLines, customLines: true, example };
  }
  const [minLines, maxLines] = linesFor(width, height, difficulty);
  return { width, height, difficulty, minLines, maxLines, customLines: false, example };
}) as unknown as z.ZodType<FlowOptions>;

/** "10x8m" or, with a line range, "10x8m6.9". */
export function encodeOptions(o: FlowOptions): string {
  const base = `${o.width}x${o.height}${o.difficulty === 'expert' ? 'x' : o.difficulty[0]}`;
  return o.customLines ? `${base}${o.minLines}.${o.maxLines}` : base;
}

export function decodeOptions(text: string): FlowOptions {
  const m = /^(\d+)x(\d+)([emhx])(?:(\d+)\.(\d+))?$/.exec(text.toLowerCase());
  if (!m) fail(`"${text}" is not a Flow puzzle code's settings (they look like 10x10m)`);
  const difficulty = m[3] === 'x' ? 'expert' : LEVELS.find((l) => l[0] === m[3])!;
  const colors = m[4] === undefined ? undefined : `${m[4]}-${m[5]}`;
  return flowSchema.parse({ width: m[1], height: m[2], difficulty, colors });
}
