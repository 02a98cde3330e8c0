/**
 * Calcudoku speed: CPU ms per generated puzzle (generate + check with its uniqueness proof, as the
 * CLI runs them) for every size 4-9 and level, against the figures of Simon Tatham's Keen in issue 12,
 * and the time to render puzzles and answer key.
 * Run: node --import tsx bench/calcudoku.ts [ROUNDS]
 */
import '../src/port/node.js';
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/core/rng.js';
import { calcudoku } from '../src/kinds/calcudoku/index.js';
import { DIFFICULTIES, type CalcudokuModel } from '../src/kinds/calcudoku/model.js';
import { drawAnswer, drawPuzzle } from '../src/kinds/calcudoku/render.js';
import { createDocument } from '../src/pdf/document.js';
import { Draw } from '../src/pdf/draw.js';

/** Keen's CPU ms per puzzle, [mean, median], sizes 4..9, from issue 12 (gcc -O2, same kind of machine). */
const KEEN: Record<string, [number, number][]> = {
  easy: [[0.076, 0.053], [0.16, 0.12], [0.97, 0.58], [1.6, 1.1], [8.9, 6.5], [39, 29]],
  medium: [[0.38, 0.28], [0.82, 0.56], [1.9, 1.3], [3.7, 2.6], [16, 13], [52, 40]],
  hard: [[0.44, 0.29], [0.57, 0.36], [1.2, 0.79], [1.8, 1.2], [5.5, 3.9], [11, 6.5]],
  expert: [[8, 5.6], [10, 6.6], [13, 9], [29, 17], [77, 60], [171, 122]],
};

function cpuMs<T>(fn: () => T): [T, number] {
  const t0 = process.cpuUsage();
  const out = fn();
  const d = process.cpuUsage(t0);
  return [out, (d.user + d.system) / 1000];
}

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

function one(size: number, difficulty: string, seed: string): CalcudokuModel {
  const options = calcudoku.schema.parse({ size, difficulty });
  const model = calcudoku.generate(options, new Rng(seed));
  if (calcudoku.check(model).length) throw new Error('bench puzzle failed its check');
  return model;
}

/** Puzzles per cell: enough for a stable median and p95 without the slow cells taking minutes. */
const COUNT = (size: number) => (size <= 6 ? 120 : size === 7 ? 80 : 50);

const f = (x: number) => (x < 10 ? x.toFixed(3) : x < 100 ? x.toFixed(2) : x.toFixed(1)).padStart(8);

export async function bench(): Promise<string> {
  const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1);
  const lines: string[] = [];
  const sizes = [4, 5, 6, 7, 8, 9];
  const levels = [...DIFFICULTIES];
  // JIT warm-up, measured on its own: a few puzzles of every cell on other seeds. Its CPU above what
  // the same puzzles cost once compiled is a once-per-process cost, not a per-puzzle one.
  const warmSeeds = 4;
  const [, warmMs] = cpuMs(() => {
    for (const size of sizes) for (const level of levels) for (let i = 0; i < warmSeeds; i++) one(size, level, `warm-${size}-${level}-${i}`);
  });
  const [, rewarmMs] = cpuMs(() => {
    for (const size of sizes) for (const level of levels) for (let i = 0; i < warmSeeds; i++) one(size, level, `warm-${size}-${level}-${i}`);
  });
  lines.push('Calcudoku: CPU ms per puzzle, generate + check (uniqueness proof included), as the CLI makes them');
  lines.push(`JIT warm-up: ${warmSeeds} puzzles of every size and level took ${warmMs.toFixed(0)} ms cold and ${rewarmMs.toFixed(0)} ms again once compiled: ${(warmMs - rewarmMs).toFixed(0)} ms once per process`);
  lines.push(`per cell: ${COUNT(6)} puzzles at 4-6, ${COUNT(7)} at 7, ${COUNT(9)} at 8-9; ${rounds} round(s), each puzzle's least time over the rounds`);
  lines.push('size level          median     mean      p95 | Keen median  Keen mean | med/Keen mean/Keen');
  let worst = 0;
  for (const size of sizes) {
    for (const level of levels) {
      let times: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const t = Array.from({ length: COUNT(size) }, (_, i) => cpuMs(() => one(size, level, `bench-${size}-${level}-${i}`))[1]);
        times = r === 0 ? t : times.map((x, i) => Math.min(x, t[i]!));
      }
      const s = stats(times);
      const keen = KEEN[level]?.[size - 4];
      const ratio = keen ? `${(s.median / keen[1]).toFixed(2).padStart(8)}x ${(s.mean / keen[0]).toFixed(2).padStart(8)}x` : '       -         -';
      if (keen) worst = Math.max(worst, s.median / keen[1], s.mean / keen[0]);
      if (process.env.BENCH_LIVE) console.error(`${size} ${level} median ${s.median.toFixed(3)} mean ${s.mean.toFixed(3)}`);
      lines.push(`${size}x${size}  ${level.padEnd(12)}${f(s.median)} ${f(s.mean)} ${f(s.p95)} | ${keen ? f(keen[1]) : '       -'}   ${keen ? f(keen[0]) : '       -'} | ${ratio}`);
    }
  }
  lines.push(`worst ratio to Keen (median or mean): ${worst.toFixed(2)}x`);

  // Rendering: 100 puzzles and their answers drawn into one PDF, PDFKit output collected in memory.
  const nine = Array.from({ length: 10 }, (_, i) => one(9, 'hard', `render-${i}`));
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
