import { z } from 'zod';
import { fail } from '../../core/errors.js';
import type { OptionSpec } from '../../core/kind.js';
import type { Difficulty } from './model.js';

export const MIN_SIDE = 5;
export const MAX_SIDE = 20;
const DEFAULT_SIDE = 8;
export const MAX_LINES = 60; // labels 1..60 still fit a dot; more would not be readable
const LEVELS: Difficulty[] = ['easy', 'medium', 'hard'];

export interface FlowOptions {
  width: number;
  height: number;
  difficulty: Difficulty;
  /** Lines allowed, both ends included; from --colors or from the difficulty. */
  minLines: number;
  maxLines: number;
  /** True when the user chose the line range (kept in codes so a code regenerates the puzzle). */
  customLines: boolean;
}

export const flowOptionSpecs: OptionSpec[] = [
  { key: 'size', flags: '--size <n>', description: `width and height, ${MIN_SIDE} to ${MAX_SIDE} (default ${DEFAULT_SIDE})`, range: [MIN_SIDE, MAX_SIDE] },
  { key: 'width', flags: '--width <w>', description: `columns, ${MIN_SIDE} to ${MAX_SIDE} (default: --size)`, range: [MIN_SIDE, MAX_SIDE] },
  { key: 'height', flags: '--height <h>', description: `rows, ${MIN_SIDE} to ${MAX_SIDE} (default: --size)`, range: [MIN_SIDE, MAX_SIDE] },
  {
    key: 'colors',
    flags: '--colors <min-max>',
    description: 'how many lines, e.g. 6-8; each line needs at least 3 squares (default: from --difficulty)',
    example: '6-8',
  },
  { key: 'difficulty', flags: '--difficulty <level>', description: 'easy, medium or hard (default medium)', choices: LEVELS },
];

/**
 * Lines for a difficulty, after commercial packs: about 5-6 up to 8x8, 12-14 at 10x10, then
 * one line per 8.5 squares. Fewer, longer lines are harder to see through, and on big grids
 * rarely come out unique and gradeable: the generator then runs out of tries.
 */
export function linesFor(width: number, height: number, difficulty: Difficulty): [number, number] {
  const area = width * height;
  const side = Math.sqrt(area);
  const lo = side <= 8 ? 5 : Math.max(Math.round(1.2 * side) - 2, Math.round(area / 8.5));
  // Easy puzzles must fall to forced moves alone; past 12x12 that takes clearly more lines.
  const [min, max] =
    difficulty === 'easy' ? [lo + 1, Math.max(lo + 3, Math.round(1.25 * lo))] : difficulty === 'medium' ? [lo, lo + 2] : [lo - 2, lo];
  const cap = Math.min(MAX_LINES, Math.floor((width * height) / 3));
  return [Math.min(min, cap), Math.min(max, cap)];
}

function side(flag: string, raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (!Number.isInteger(n) || n < MIN_SIDE || n > MAX_SIDE) {
    fail(`--${flag} must be a whole number from ${MIN_SIDE} to ${MAX_SIDE}, not "${raw}"`);
  }
  return n;
}

function parseColors(raw: string, width: number, height: number): [number, number] {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(raw);
  const cap = Math.min(MAX_LINES, Math.floor((width * height) / 3));
  if (!m) fail(`--colors must look like MIN-MAX (e.g. 6-8) or one number, not "${raw}"`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (min > max) fail(`--colors ${raw}: MIN is above MAX; write the smaller number first, e.g. ${max}-${min}`);
  if (min < 2) fail(`--colors ${raw}: a puzzle needs at least 2 lines`);
  if (max > cap) {
    fail(`--colors ${raw}: a ${width}x${height} grid fits at most ${cap} lines (each needs 3 squares, labels up to ${MAX_LINES})`);
  }
  return [min, max];
}

const raw = z
  .object({
    size: z.unknown().optional(),
    width: z.unknown().optional(),
    height: z.unknown().optional(),
    colors: z.unknown().optional(),
    difficulty: z.unknown().optional(),
  })
  .passthrough();

export const flowSchema = raw.transform((o): FlowOptions => {
  const size = side('size', o.size);
  const width = side('width', o.width) ?? size ?? DEFAULT_SIDE;
  const height = side('height', o.height) ?? size ?? DEFAULT_SIDE;
  const level = o.difficulty === undefined ? 'medium' : String(o.difficulty).trim().toLowerCase();
  if (!LEVELS.includes(level as Difficulty)) {
    fail(`--difficulty must be easy, medium or hard, not "${o.difficulty}"`);
  }
  const difficulty = level as Difficulty;
  if (o.colors !== undefined && o.colors !== '') {
    const [minLines, maxLines] = parseColors(String(o.colors), width, height);
    return { width, height, difficulty, minLines, maxLines, customLines: true };
  }
  const [minLines, maxLines] = linesFor(width, height, difficulty);
  return { width, height, difficulty, minLines, maxLines, customLines: false };
}) as unknown as z.ZodType<FlowOptions>;

/** "10x8m" or, with a line range, "10x8m6.9". */
export function encodeOptions(o: FlowOptions): string {
  const base = `${o.width}x${o.height}${o.difficulty[0]}`;
  return o.customLines ? `${base}${o.minLines}.${o.maxLines}` : base;
}

export function decodeOptions(text: string): FlowOptions {
  const m = /^(\d+)x(\d+)([emh])(?:(\d+)\.(\d+))?$/.exec(text.toLowerCase());
  if (!m) fail(`"${text}" is not a Flow puzzle code's settings (they look like 10x10m)`);
  const difficulty = LEVELS.find((l) => l[0] === m[3])!;
  const colors = m[4] === undefined ? undefined : `${m[4]}-${m[5]}`;
  return flowSchema.parse({ width: m[1], height: m[2], difficulty, colors });
}
