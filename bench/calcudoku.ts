/**
 * Calcudoku speed: CPU time per generated puzzle (generate + check, as the CLI runs them) against
 * the figures of Simon Tatham's Keen in the issue, and the time to render puzzles and answer key.
 * Run: node --import tsx bench/calcudoku.ts
 */
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/core/rng.js';
import { calcudoku } from '../src/kinds/calcudoku/index.js';
import type { CalcudokuModel, Difficulty } from '../src/kinds/calcudoku/model.js';
import { drawAnswer, drawPuzzle } from '../src/kinds/calcudoku/render.js';
import { createDocument } from '../src/pdf/document.js';
import { Draw } from '../src/pdf/draw.js';

/** Keen's mean CPU ms per 9x9 puzzle (easy, normal, hard, extreme), from the issue. */
const KEEN: Record<Difficulty, number> = { easy: 67, medium: 72, hard: 14, expert: 219 };

function cpuMs<T>(fn: () => T): [T, number] {
  const t0 = process.cpuUsage();
  const out = fn();
  const d = process.cpuUsage(t0);
  return [out, (d.user + d.system) / 1000];
}

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95), mean: s.reduce((a, b) => a + b, 0) / s.length, max: s.at(-1)! };
}

function timeMany(size: number, difficulty: Difficulty, count: number, seed = 'bench'): { times: number[]; models: CalcudokuModel[] } {
  const options = calcudoku.schema.parse({ size, difficulty });
  const times: number[] = [];
  const models: CalcudokuModel[] = [];
  for (let i = 0; i < count; i++) {
    const [m, ms] = cpuMs(() => {
      const model = calcudoku.generate(options, new Rng(`${seed}-${size}-${difficulty}-${i}`));
      if (calcudoku.check(model).length) throw new Error('bench puzzle failed its check');
      return model;
    });
    times.push(ms);
    models.push(m);
  }
  return { times, models };
}

/**
 * Each puzzle's least CPU time over `runs` regenerations: the work the puzzle itself takes, without
 * what a shared machine adds at random (garbage collection landing on it, other processes' cache
 * traffic). Sub-millisecond puzzles are the most affected, so it shows whether a tail is real.
 */
function leastOf(size: number, difficulty: Difficulty, count: number, runs: number): number[] {
  let best = timeMany(size, difficulty, count).times;
  for (let r = 1; r < runs; r++) best = timeMany(size, difficulty, count).times.map((t, i) => Math.min(t, best[i]!));
  return best;
}

const f = (x: number) => x.toFixed(1).padStart(8);

export async function bench(): Promise<string> {
  const lines: string[] = [];
  lines.push('Calcudoku: CPU ms per puzzle (generate + uniqueness check), 100 puzzles per 9x9 level, 20 at 12x12');
  lines.push('each level first warmed on 20 puzzles of other seeds (JIT), then timed once; "least of 3": per puzzle');
  lines.push('grid  level       median     mean      p95      max   p95/med   Keen mean   mean/Keen | least of 3: median   p95  p95/med');
  const nine: CalcudokuModel[] = [];
  for (const level of ['easy', 'medium', 'hard', 'expert'] as Difficulty[]) {
    // Warm-up on other seeds: compiling the level's code paths is a once-per-process cost, not a
    // per-puzzle one, and the timed puzzles must not find their own cage fillings already cached.
    timeMany(9, level, 20, 'warm');
    const { times, models } = timeMany(9, level, 100);
    nine.push(...models.slice(0, 25));
    const s = stats(times);
    const least = stats(leastOf(9, level, 100, 3));
    lines.push(
      `9x9   ${level.padEnd(8)}${f(s.median)} ${f(s.mean)} ${f(s.p95)} ${f(s.max)} ${(s.p95 / s.median).toFixed(1).padStart(8)}x ${String(KEEN[level]).padStart(10)} ${(s.mean / KEEN[level]).toFixed(2).padStart(10)}x | ${f(least.median)} ${f(least.p95)} ${(least.p95 / least.median).toFixed(1).padStart(6)}x`,
    );
  }
  timeMany(12, 'medium', 5, 'warm');
  const big = stats(timeMany(12, 'medium', 20).times);
  lines.push(`12x12 medium${f(big.median)} ${f(big.mean)} ${f(big.p95)} ${f(big.max)}   (target: median under 1000 ms)`);

  // Rendering: 100 puzzles and their answers drawn into one PDF, PDFKit output collected in memory.
  const [, renderMs] = cpuMs(() => {
    const doc = createDocument('a4', { title: 'bench', subject: 'bench', keywords: 'bench' });
    doc.on('data', () => {});
    const d = new Draw(doc);
    for (let i = 0; i < 100; i++) {
      if (i % 2 === 0) doc.addPage();
      drawPuzzle(d, { x: 60, y: 60 + (i % 2) * 370, w: 470, h: 350 }, nine[i % nine.length]!);
    }
    for (let i = 0; i < 100; i++) {
      if (i % 6 === 0) doc.addPage();
      drawAnswer(d, { x: 40 + (i % 2) * 260, y: 40 + (Math.floor(i / 2) % 3) * 260, w: 250, h: 250 }, nine[i % nine.length]!);
    }
    doc.end();
  });
  lines.push(`render 100 9x9 puzzles + answer key (200 grids, PDFKit): ${renderMs.toFixed(0)} ms CPU (target: under 2000 ms)`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(await bench());
}
