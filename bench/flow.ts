/**
 * Seconds per Flow puzzle (generation, whose grading or search proves the full-cover solution
 * unique, plus check(), which proves it again with the exact search), against
 * the best public generator's medians (unique only under the stricter no-self-touch rule):
 * 0.05 s at 10x10, 0.45 s at 15x15, 1.06 s at 20x20.
 * Run: node --import tsx bench/flow.ts
 */
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/core/rng.js';
import { flow } from '../src/kinds/flow/index.js';

const CASES: { size: number; difficulty: string; count: number; reference?: number }[] = [
  { size: 10, difficulty: 'medium', count: 30, reference: 0.05 },
  { size: 15, difficulty: 'medium', count: 30, reference: 0.45 },
  { size: 20, difficulty: 'medium', count: 30, reference: 1.06 },
  { size: 10, difficulty: 'hard', count: 10 },
  { size: 15, difficulty: 'hard', count: 10 },
  // Hard puzzles (grade 2) are the ones only the exact search can prove unique.
  { size: 20, difficulty: 'hard', count: 10 },
];

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export async function bench(): Promise<string> {
  const rows = ['size   level   puzzles  median s  p95 s   max s   reference median s  failed'];
  for (const c of CASES) {
    const o = flow.schema.parse({ size: c.size, difficulty: c.difficulty });
    const times: number[] = [];
    let failed = 0;
    for (let i = 0; i < c.count; i++) {
      const start = process.cpuUsage();
      try {
        // The engine runs check() on every puzzle, which repeats the proof with the exact search.
        const problems = flow.check(flow.generate(o, new Rng(`bench-${c.size}-${c.difficulty}-${i}`)));
        if (problems.length) throw new Error(problems.join('; '));
      } catch {
        failed++;
      }
      const used = process.cpuUsage(start);
      times.push((used.user + used.system) / 1e6);
    }
    times.sort((a, b) => a - b);
    rows.push(
      [
        `${c.size}x${c.size}`.padEnd(6),
        c.difficulty.padEnd(7),
        String(c.count).padEnd(8),
        quantile(times, 0.5).toFixed(3).padEnd(9),
        quantile(times, 0.95).toFixed(3).padEnd(7),
        times[times.length - 1]!.toFixed(3).padEnd(7),
        (c.reference?.toFixed(2) ?? '-').padEnd(20),
        String(failed),
      ].join(' '),
    );
  }
  return rows.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await bench());
}
