/**
 * Seconds per Flow puzzle (generation including the exact full-cover uniqueness proof), against
 * the best public generator's medians (unique only under the stricter no-self-touch rule):
 * 0.05 s at 10x10, 0.45 s at 15x15, 1.06 s at 20x20.
 * Run: node --import tsx bench/flow.ts
 */
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/core/rng.js';
import { flow } from '../src/kinds/flow/index.js';

const CASES: { size: number; count: number; reference: number }[] = [
  { size: 10, count: 20, reference: 0.05 },
  { size: 15, count: 4, reference: 0.45 },
  { size: 20, count: 1, reference: 1.06 }, // gives up after its bounded effort today: see the closing note
];

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export async function bench(): Promise<string> {
  const rows = ['size   puzzles  median s  p95 s   max s   reference median s  failed'];
  for (const c of CASES) {
    const o = flow.schema.parse({ size: c.size });
    const times: number[] = [];
    let failed = 0;
    for (let i = 0; i < c.count; i++) {
      const start = process.cpuUsage();
      try {
        flow.generate(o, new Rng(`bench-${c.size}-${i}`));
      } catch {
        failed++;
      }
      const used = process.cpuUsage(start);
      times.push((used.user + used.system) / 1e6);
    }
    times.sort((a, b) => a - b);
    rows.push(
      [
        `${c.size}x${c.size}`.padEnd(7),
        String(c.count).padEnd(8),
        quantile(times, 0.5).toFixed(3).padEnd(9),
        quantile(times, 0.95).toFixed(3).padEnd(7),
        times[times.length - 1]!.toFixed(3).padEnd(7),
        c.reference.toFixed(2).padEnd(20),
        String(failed),
      ].join(' '),
    );
  }
  return rows.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await bench());
}
