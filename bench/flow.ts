/**
 * Flow by size and level: lines (colours), mean line length, the longest line's share of the
 * grid, the effort a plain outside solver (test/helpers/flowSolver.ts, no code shared with the
 * generator) needs to prove the puzzle unique, and CPU seconds per puzzle for generation (whose
 * grading or search proves uniqueness) plus check() (which proves it again).
 * Bars (issue 13): 14x14 medium median colours <= 17, mean line length >= 11; 10x10 median
 * colours <= 10; median CPU 10x10 < 0.05 s, 15x15 < 0.5 s, 20x20 < 3 s at every level.
 * Run: npm run bench -- flow   (FLOW_BENCH=quick for fewer puzzles). A row stops taking new
 * puzzles after FLOW_BENCH_ROW_SECONDS of CPU (default 40), so one run stays within about 15
 * minutes; n is the puzzles it made. FLOW_BENCH_ONLY=14x14:hard runs one row (to interleave
 * two versions row by row). FLOW_BENCH_CAP bounds the outside solver (default 300,000 nodes).
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/core/rng.js';
import { flow } from '../src/kinds/flow/index.js';
import { solveEffort } from '../test/helpers/flowSolver.js';

const quick = process.env.FLOW_BENCH === 'quick';
/** width, height, puzzles a row. */
const SIZES: [number, number, number][] = [
  [10, 10, quick ? 10 : 15],
  [14, 14, quick ? 6 : 9],
  [15, 15, quick ? 6 : 9],
  [20, 20, quick ? 3 : 5],
  [16, 10, quick ? 6 : 9],
];
const LEVELS = ['easy', 'medium', 'hard', 'expert'];
/** The outside solver stops here; such puzzles show as Infinity (more than this many nodes). */
const EFFORT_CAP = Number(process.env.FLOW_BENCH_CAP ?? 300_000);
const ROW_SECONDS = Number(process.env.FLOW_BENCH_ROW_SECONDS ?? 40);
const ONLY = process.env.FLOW_BENCH_ONLY;

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const p95 = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(0.95 * s.length))]!;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function bench(): Promise<string> {
  const head = 'size   level    n   colours  mean len  longest  effort median (min-max)   cpu median  p95     failed';
  const rows = [`load averages ${loadavg().map((x) => x.toFixed(1)).join(' ')}; outside solver capped at ${EFFORT_CAP} nodes`, head];
  for (const [width, height, count] of SIZES) {
    const size = `${width}x${height}`;
    for (const level of LEVELS) {
      if (ONLY && ONLY !== `${size}:${level}`) continue;
      let o;
      try {
        o = flow.schema.parse({ width, height, difficulty: level });
      } catch {
        continue; // a level this version does not have
      }
      const times: number[] = [];
      const colours: number[] = [];
      const lengths: number[] = [];
      const longest: number[] = [];
      const effort: number[] = [];
      let failed = 0;
      let spent = 0;
      for (let i = 0; i < count && spent < ROW_SECONDS; i++) {
        const start = process.cpuUsage();
        let m;
        try {
          m = flow.generate(o, new Rng(`bench-${width === height ? width : size}-${level}-${i}`));
          const problems = flow.check(m);
          if (problems.length) throw new Error(problems.join('; '));
        } catch {
          failed++;
          continue;
        } finally {
          const used = process.cpuUsage(start);
          times.push((used.user + used.system) / 1e6);
          spent += times[times.length - 1]!;
        }
        colours.push(m.endpoints.length);
        lengths.push((width * height) / m.endpoints.length);
        longest.push(Math.max(...m.paths.map((p) => p.cells.length)) / (width * height));
        const e = solveEffort({ width: m.width, height: m.height, ends: m.endpoints.map((x) => x.cells) }, 2, EFFORT_CAP);
        effort.push(e.gaveUp ? Infinity : e.nodes);
      }
      const sorted = effort.slice().sort((a, b) => a - b);
      const row = (
        [
          size.padEnd(6),
          level.padEnd(7),
          String(times.length).padStart(3),
          ` ${median(colours)} (${Math.min(...colours)}-${Math.max(...colours)})`.padEnd(9),
          mean(lengths).toFixed(1).padStart(8),
          median(longest).toFixed(2).padStart(8),
          `  ${median(effort)} (${sorted[0]}-${sorted[sorted.length - 1]})`.padEnd(26),
          median(times).toFixed(3).padStart(10),
          p95(times).toFixed(3).padStart(7),
          String(failed).padStart(6),
        ].join(' ')
      );
      rows.push(row);
      if (process.env.FLOW_BENCH_LIVE) console.error(row);
    }
  }
  return rows.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await bench());
}
