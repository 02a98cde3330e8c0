// `npm run fuzz -- --minutes N [--seed S] [--jobs J]`: random command lines, plans, pictures and
// codes against the built CLI for N minutes. Every run must end in exit 0 with valid PDFs (read
// back by pdf.js) or exit 2 with one line and no file left; stopped runs must end within 1 s.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Dice, fuzzCase, type FuzzCase } from '../../test/helpers/fuzz-cases.js';
import { clean, runCase, type Outcome } from '../../test/helpers/fuzz-run.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const minutes = Number(arg('minutes', '2'));
const seed = Number(arg('seed', String(Date.now() % 100000)));
const jobs = Number(arg('jobs', '2'));

process.stdout.write(`Building dist/ ...\n`);
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });

const base = mkdtempSync(join(tmpdir(), 'pp-fuzz-'));
const dice = new Dice(seed);
const codes: string[] = [];
const results: { c: FuzzCase; o: Outcome }[] = [];
const failures: string[] = [];
const deadline = performance.now() + minutes * 60_000;
let n = 0;

async function worker(): Promise<void> {
  while (performance.now() < deadline) {
    const i = n++;
    const work = join(base, String(i));
    const inp = join(work, 'in');
    mkdirSync(inp, { recursive: true });
    mkdirSync(join(work, 'out'));
    const c = fuzzCase(dice, inp, join(work, 'out'), i, codes);
    const o = await runCase(c, work);
    results.push({ c, o });
    codes.push(...o.codes.slice(0, 3));
    if (codes.length > 200) codes.splice(0, codes.length - 200);
    if (o.kind === 'failed') {
      const line = `#${i} ${c.label}: ${o.why}\n  puzzlepress ${c.args.map((a) => JSON.stringify(a)).join(' ')}${c.stop ? ` (${c.stop.signal} after ${c.stop.after} ms)` : ''}\n  kept in ${work}`;
      failures.push(line);
      process.stdout.write(`FAIL ${line}\n`);
    } else {
      clean(work);
    }
    if (results.length % 20 === 0) process.stdout.write(`${results.length} runs, ${failures.length} failed\n`);
  }
}

await Promise.all(Array.from({ length: jobs }, worker));

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0);
const by = (k: Outcome['kind']) => results.filter((r) => r.o.kind === k);
const rss = results.map((r) => r.o.rssKb).filter((x) => x > 0);
const stops = by('stopped').map((r) => r.o.stopMs!);
const refusals = new Map<string, number>();
for (const r of by('refused')) {
  const key = r.o.why!.replace(/puzzlepress: /, '').replace(/\/tmp\/pp-fuzz-[^ ]*/g, 'FILE').replace(/\d+/g, 'N').slice(0, 70);
  refusals.set(key, (refusals.get(key) ?? 0) + 1);
}
const summary = [
  `seed ${seed}, ${minutes} min, ${jobs} jobs: ${results.length} runs`,
  `  exit 0, valid PDFs:   ${by('ok').length} (${by('ok').reduce((s, r) => s + r.o.pdfs, 0)} PDFs read back by pdf.js)`,
  `  exit 2, one line:     ${by('refused').length} (${refusals.size} different messages)`,
  `  stopped by a signal:  ${stops.length} (stop time median ${Math.round(median(stops))} ms, max ${Math.round(Math.max(0, ...stops))} ms)`,
  `  failed:               ${failures.length}`,
  `  run time median ${(median(results.map((r) => r.o.ms)) / 1000).toFixed(1)} s; peak memory median ${Math.round(median(rss) / 1024)} MB, max ${Math.round(Math.max(0, ...rss) / 1024)} MB`,
  `  most common refusals: ${[...refusals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([m, k]) => `${k}x "${m}"`).join('; ')}`,
  ...failures,
].join('\n');
writeFileSync(join(base, 'summary.txt'), `${summary}\n`);
process.stdout.write(`\n${summary}\n(summary in ${join(base, 'summary.txt')})\n`);
process.exit(failures.length ? 1 : 0);
