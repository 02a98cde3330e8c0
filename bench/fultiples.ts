/**
 * Fultiples speed: boards per second (deal + playability + check) and the time for one board with
 * every task type, then a whole PDF. Run: node --import tsx bench/fultiples.ts
 */
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/core/rng.js';
import { fultiples } from '../src/kinds/fultiples/index.js';
import type { FultiplesOptions } from '../src/kinds/fultiples/options.js';
import { Templates } from '../src/layout/templates.js';
import { documentPages, generateItems, kindPart } from '../src/run.js';
import { renderToBuffer } from '../src/pdf/render.js';

const ALL_TASKS = ['multiples:7', 'both:2,3', 'primes', 'next', 'chain:8'];

function stats(ms: number[]): { median: number; p95: number; max: number } {
  const s = [...ms].sort((a, b) => a - b);
  const q = (f: number) => s[Math.min(s.length - 1, Math.floor(f * s.length))]!;
  return { median: q(0.5), p95: q(0.95), max: s[s.length - 1]! };
}

/** Generate and check n boards; returns per-board wall times (ms) and the CPU time of the whole run. */
function timeBoards(raw: Record<string, unknown>, n: number, label: string): { ms: number[]; cpu: number } {
  const o = fultiples.schema.parse(raw) as FultiplesOptions;
  const ms: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const m = fultiples.generate(o, new Rng(`${label}-${i}`));
    if (fultiples.check(m).length) throw new Error(`check failed on ${label}-${i}`);
    ms.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  return { ms, cpu: (cpu.user + cpu.system) / 1000 };
}

function row(name: string, n: number, r: { ms: number[]; cpu: number }): string {
  const s = stats(r.ms);
  const perSec = (n / (r.cpu / 1000)).toFixed(0);
  return `| ${name.padEnd(36)} | ${String(n).padStart(5)} | ${perSec.padStart(9)} | ${s.median.toFixed(2).padStart(7)} | ${s.p95.toFixed(2).padStart(7)} | ${s.max.toFixed(2).padStart(7)} |`;
}

export async function bench(): Promise<string> {
  const lines = [
    '| fultiples (generate + check)         | boards| boards/s  | med ms  | p95 ms  | max ms  |',
    '|--------------------------------------|-------|-----------|---------|---------|---------|',
  ];
  lines.push(row('10x10 default, playable', 2000, timeBoards({}, 2000, 'plain')));
  lines.push(row('15x15 primes 2,3,5,7,11 scalars 2-40', 500, timeBoards({ size: '15', primes: '2,3,5,7,11', scalars: '2-40' }, 500, 'big')));
  lines.push(row('10x10 all five task types', 500, timeBoards({ task: ALL_TASKS }, 500, 'tasks')));
  lines.push(row('5x5 primes 2,3,97 scalars 2-12', 500, timeBoards({ size: '5', primes: '2,3,97', scalars: '2-12' }, 500, 'sparse')));

  const o = fultiples.schema.parse({ task: ALL_TASKS }) as FultiplesOptions;
  const templates = new Templates();
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  const items = generateItems(fultiples, o, 'bench', 10);
  const part = kindPart(fultiples, o, items, { paper: 'a4' }, templates);
  const files = documentPages([part], 'back');
  const pdf = await renderToBuffer(files.main, { paper: 'a4', templates, meta: { title: 'bench', subject: 'bench', keywords: 'bench' } });
  const cpu = process.cpuUsage(cpu0);
  lines.push('');
  lines.push(
    `PDF, 10 boards x all task types: ${files.main.length} pages, ${(pdf.length / 1024).toFixed(0)} KiB, ` +
      `${(performance.now() - t).toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU`,
  );
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await bench());
}
