import { fail } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import { growCover } from './cover.js';
import { grade } from './grade.js';
import type { Cell, FlowModel } from './model.js';
import type { FlowOptions } from './options.js';
import { cluesOfCover, makeUnique } from './repair.js';

/** Attempts before giving up; each is one cover plus its repairs, so the effort is bounded. */
export const ATTEMPTS = 200;

/** Which grades (see grade.ts) each difficulty accepts. */
const ACCEPT: Record<FlowOptions['difficulty'], (g: number) => boolean> = {
  easy: (g) => g === 0,
  medium: (g) => g <= 1,
  hard: (g) => g >= 1,
};

export function generateFlow(o: FlowOptions, rng: Rng): FlowModel {
  const { width, height } = o;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const start = rng.int(o.minLines, Math.max(o.minLines, o.maxLines - 1));
    const cover = growCover(width, height, start, rng);
    if (!cover) continue;
    const built = makeUnique(cover, width, height, o.maxLines, rng);
    if (!built || built.cover.length < o.minLines) continue;
    if (!ACCEPT[o.difficulty](grade(cluesOfCover(built.cover, width, height)))) continue;
    return toModel(built.cover, o);
  }
  // The uniqueness proof's frontier grows with the shorter side; past about 16 it rarely finishes.
  const relax = Math.min(width, height) > 16
    ? 'try a smaller --size (up to 15 by 15 works well)'
    : o.customLines
    ? 'widen the --colors range'
    : o.difficulty === 'medium'
      ? 'try another --difficulty'
      : 'try --difficulty medium';
  fail(`could not make a ${o.difficulty} ${width}x${height} Flow puzzle with ${o.minLines}-${o.maxLines} lines in ${ATTEMPTS} tries; ${relax}`);
}

/** Lines numbered in reading order of their first end, so the numbers are easy to find. */
function toModel(cover: number[][], o: FlowOptions): FlowModel {
  const cell = (i: number): Cell => [Math.floor(i / o.width), i % o.width];
  const lines = cover
    .map((p) => (p[0]! <= p[p.length - 1]! ? p : p.slice().reverse()))
    .sort((a, b) => a[0]! - b[0]!);
  return {
    width: o.width,
    height: o.height,
    difficulty: o.difficulty,
    endpoints: lines.map((p, k) => ({ label: String(k + 1), cells: [cell(p[0]!), cell(p[p.length - 1]!)] })),
    paths: lines.map((p, k) => ({ label: String(k + 1), cells: p.map(cell) })),
  };
}
