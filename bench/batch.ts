/**
 * Batch cost as a roster grows: the README's plan (and the heavier four-sheet class plan) for 30,
 * 300 and 1,000 pupils on one worker, plus a booklet of about 1,000 pages. Each run is the real
 * CLI in a child process, timed by /usr/bin/time for wall time, CPU time and peak memory (the
 * whole process: main thread and workers). The CLI is compiled first, as users run it.
 * CPU per pupil in the steady state is the slope between 300 and 1,000 pupils; the fixed cost is
 * what is left of the 30-pupil run. The machine is shared: the small runs are repeated and the
 * medians shown. BENCH_ROOT=DIR measures another checkout (the "before" table of a change);
 * BENCH_AGAINST=DIR measures that checkout and this one turn about, run for run, so that both
 * tables see the same machine, and gives the ratios of each pair of runs (the machine's speed
 * drifts by 15% and more over minutes). BENCH_SIZES=30,300 limits the rosters, BENCH_PLANS=readme
 * the plans (either leaves out the booklet).
 * Run: npm run bench -- batch
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.env.BENCH_ROOT ? `${resolve(process.env.BENCH_ROOT)}/` : fileURLToPath(new URL('..', import.meta.url));
const against = process.env.BENCH_AGAINST ? `${resolve(process.env.BENCH_AGAINST)}/` : null;
const SIZES = (process.env.BENCH_SIZES ?? '30,300,1000').split(',').map(Number);
const PLANS = (process.env.BENCH_PLANS ?? 'readme,class').split(',');

const README_SHEETS = [
  { kind: 'calcudoku', lines: ['size: 6', 'difficulty: medium', 'count: 4'] },
  { kind: 'flow', lines: ['size: 8', 'count: 4'] },
];
const CLASS_SHEETS = [
  { kind: 'calcudoku', lines: ['size: 6', 'difficulty: medium', 'count: 8'] },
  { kind: 'flow', lines: ['size: 8', 'count: 6'] },
  { kind: 'fultiples', lines: ['task: multiples:7', 'count: 1'] },
  { kind: 'spot-match', lines: [] },
];

function planText(title: string, sheets: { kind: string; lines: string[] }[], roster: string | null): string {
  return [
    `title: ${title}`,
    'seed: bench',
    ...(roster ? [`roster: ${roster}`] : []),
    'worksheets:',
    ...sheets.flatMap((s) => [`  - kind: ${s.kind}`, ...s.lines.map((l) => `    ${l}`)]),
    '',
  ].join('\n');
}

interface Measured {
  wall: number;
  cpu: number;
  rssMb: number;
  pages: number;
  pupilBytes: number; // all pupils' PDFs together
  keyBytes: number;
  printBytes: number; // all-pupils.pdf, every pupil's pages to print in one go
  keyPages: number;
  otherBytes: number; // manifest, booklets
}

/** A checkout to measure and the node arguments that run its CLI. */
interface Cli {
  root: string;
  command: string[];
  built: boolean;
}

/** The compiled CLI of the checkout at `root` in `dir`, beside links to the fonts, templates and packages it loads; else from source. */
function build(dir: string, root: string): Cli {
  mkdirSync(dir, { recursive: true });
  try {
    // a checkout that builds incrementally keeps its record of the build here, not in its own dist/
    const incremental = readFileSync(`${root}tsconfig.json`, 'utf8').includes('"incremental"') ? ['--tsBuildInfoFile', join(dir, 'dist/.tsbuildinfo')] : [];
    execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.json`, '--outDir', join(dir, 'dist'), '--declaration', 'false', ...incremental], { stdio: 'ignore' });
  } catch {
    // tsc reports type errors but still writes the files; only a missing entry point is fatal.
  }
  for (const f of ['fonts', 'templates', 'messages', 'node_modules', 'package.json']) if (existsSync(join(root, f))) symlinkSync(join(root, f), join(dir, f));
  // the rest of the build, as `npm run build` does it (a checkout from before scripts/bundle.ts has none)
  if (existsSync(`${root}scripts/bundle.ts`)) {
    execFileSync(process.execPath, ['--import', new URL(`file://${root}node_modules/tsx/dist/loader.mjs`).href, `${root}scripts/bundle.ts`, join(dir, 'dist')], { stdio: 'inherit' });
  }
  if (existsSync(join(dir, 'dist/cli/main.js'))) return { root, command: [join(dir, 'dist/cli/main.js')], built: true };
  return { root, command: ['--import', new URL(`file://${root}node_modules/tsx/dist/loader.mjs`).href, `${root}src/cli/main.ts`], built: false };
}

async function runCli(cli: Cli, dir: string, plan: string, args: string[]): Promise<Measured> {
  const out = join(dir, `out-${plan}`);
  const child = spawn('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, ...cli.command, 'batch', join(dir, plan), '--out', out, ...args], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const status = await new Promise<number | null>((res) => child.on('close', res));
  if (status !== 0) throw new Error(`batch failed: ${stderr}`);
  const [wall, user, sys, rss] = stderr.trim().split('\n').pop()!.split(' ').map(Number) as [number, number, number, number];
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { files: { file: string; pages: number }[]; pupils?: { file: string }[] };
  const pupilFiles = new Set((manifest.pupils ?? []).map((p) => p.file));
  const m: Measured = { wall, cpu: user + sys, rssMb: rss / 1024, pages: 0, pupilBytes: 0, keyBytes: 0, keyPages: 0, printBytes: 0, otherBytes: 0 };
  for (const f of readdirSync(out)) {
    const size = statSync(join(out, f)).size;
    if (pupilFiles.has(f)) m.pupilBytes += size;
    else if (f === 'answer-key.pdf') m.keyBytes += size;
    else if (f === 'all-pupils.pdf') m.printBytes += size;
    else m.otherBytes += size;
  }
  for (const f of manifest.files) {
    m.pages += f.pages;
    if (f.file === 'answer-key.pdf') m.keyPages = f.pages;
  }
  rmSync(out, { recursive: true, force: true });
  return m;
}

/**
 * V8's optimising compiles and deoptimisations in one run (node --trace-opt --trace-deopt): code
 * thrown away and compiled again shows here long before it shows in CPU time.
 */
async function jitCounts(cli: Cli, dir: string, plan: string): Promise<{ compiles: number; weak: number; bailouts: number }> {
  const out = join(dir, 'out-jit');
  const child = spawn(process.execPath, ['--trace-opt', '--trace-deopt', ...cli.command, 'batch', join(dir, plan), '--out', out, '--workers', '1'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const counts = { compiles: 0, weak: 0, bailouts: 0 };
  let rest = '';
  child.stdout.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop()!;
    for (const l of lines) {
      if (l.startsWith('[completed compiling')) counts.compiles++;
      else if (l.startsWith('[marking dependent code') && l.includes('weak objects')) counts.weak++;
      else if (l.startsWith('[bailout (kind')) counts.bailouts++;
    }
  });
  await new Promise((res) => child.on('close', res));
  rmSync(out, { recursive: true, force: true });
  return counts;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** The run with the median CPU time: its other figures belong to one real run. */
function medianRun(runs: Measured[]): Measured {
  const cpu = median(runs.map((r) => r.cpu));
  return runs.reduce((a, b) => (Math.abs(b.cpu - cpu) < Math.abs(a.cpu - cpu) ? b : a));
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

interface Row {
  n: number;
  m: Measured;
  all: Measured[];
}

/**
 * Each roster run `repeats` times on every CLI, the CLIs taking turns run for run (with one CLI,
 * simply repeated). The small roster is cheap and is the memory bar's base, so it is run most.
 */
async function measure(clis: Cli[], dir: string, name: string, sheets: { kind: string; lines: string[] }[]): Promise<Row[][]> {
  const rows: Row[][] = clis.map(() => []);
  for (const n of SIZES) {
    const roster = `pupils-${n}.csv`;
    writeFileSync(join(dir, roster), ['name', ...Array.from({ length: n }, (_, i) => `Pupil ${i + 1}`)].join('\n'));
    const plan = `${name}-${n}.yaml`;
    writeFileSync(join(dir, plan), planText(`${name} ${n}`, sheets, roster));
    const repeats = n <= 30 ? 5 : clis.length > 1 ? 3 : 2;
    const runs: Measured[][] = clis.map(() => []);
    for (let r = 0; r < repeats; r++) for (let c = 0; c < clis.length; c++) runs[c]!.push(await runCli(clis[c]!, dir, plan, ['--workers', '1']));
    clis.forEach((_, c) => rows[c]!.push({ n, m: medianRun(runs[c]!), all: runs[c]! }));
  }
  return rows;
}

function slopeOf(rows: Row[]): number | null {
  const big = rows.filter((r) => r.n >= 300);
  return big.length >= 2 ? (big[big.length - 1]!.m.cpu - big[0]!.m.cpu) / (big[big.length - 1]!.n - big[0]!.n) : null;
}

async function rosterTable(cli: Cli, dir: string, name: string, rows: Row[]): Promise<string[]> {
  const slope = slopeOf(rows);
  const big = rows.filter((r) => r.n >= 300);
  const small = rows[0]!;
  const rssOf = (r: Row) => r.all.map((x) => x.rssMb);
  const lines = [
    '| pupils | runs | wall s | CPU s | CPU/pupil ms | peak RSS MB (runs) | pupil PDFs KB (each) | key KB | key pages | key KB/pupil | all-pupils KB | other KB |',
    '|-------:|-----:|-------:|------:|-------------:|------------:|---------------------:|-------:|----------:|-------------:|--------------:|---------:|',
    ...rows.map((r) => {
      const { n, m } = r;
      const rss = rssOf(r);
      return `| ${n} | ${r.all.length} | ${m.wall.toFixed(1)} | ${m.cpu.toFixed(1)} | ${((m.cpu / n) * 1000).toFixed(0)} | ${median(rss).toFixed(0)}${rss.length > 1 ? ` (${rss.map((x) => x.toFixed(0)).join(', ')})` : ''} | ${kb(m.pupilBytes)} (${kb(m.pupilBytes / n)}) | ${kb(m.keyBytes)} | ${m.keyPages} | ${(m.keyBytes / n / 1024).toFixed(1)} | ${kb(m.printBytes)} | ${kb(m.otherBytes)} |`;
    }),
    '',
  ];
  if (slope !== null) {
    lines.push(
      `Steady-state CPU per pupil (slope ${big[0]!.n} to ${big[big.length - 1]!.n}): ${(slope * 1000).toFixed(1)} ms (bar < 45 ms for the README plan); ` +
        `fixed cost (${small.n}-pupil CPU less ${small.n} x slope): ${(small.m.cpu - small.n * slope).toFixed(2)} s (bar < 1.5 s).`,
    );
  }
  const last = rows[rows.length - 1]!;
  const jit = await jitCounts(cli, dir, `${name}-${last.n}.yaml`);
  lines.push(
    `V8 at ${last.n} pupils: ${jit.compiles} optimising compiles, ${jit.weak} optimised functions thrown away for "weak objects" (shapes that died), ${jit.bailouts} deoptimisations.`,
  );
  // peak RSS varies run to run by several MB (when V8 collects, glibc's arenas): medians, each run shown
  lines.push(`Peak RSS at ${last.n} pupils (median) is ${((median(rssOf(last)) / median(rssOf(small)) - 1) * 100).toFixed(1)}% above ${small.n} pupils (bar: under 250 MB and within 10%).`);
  return lines;
}

/** After against before, pair by pair (runs next to each other met the same machine), as medians. */
function ratios(before: Row[], after: Row[]): string[] {
  const lines = ['| pupils | CPU after/before (pairs) | median | peak RSS after/before (median) |', '|-------:|---------|-------:|-------:|'];
  before.forEach((b, i) => {
    const a = after[i]!;
    const cpu = b.all.map((x, k) => a.all[k]!.cpu / x.cpu);
    const rss = median(a.all.map((x) => x.rssMb)) / median(b.all.map((x) => x.rssMb));
    lines.push(`| ${b.n} | ${cpu.map((r) => r.toFixed(2)).join(', ')} | ${median(cpu).toFixed(2)} | ${rss.toFixed(2)} |`);
  });
  const sb = slopeOf(before);
  const sa = slopeOf(after);
  if (sb !== null && sa !== null) lines.push('', `Steady-state CPU per pupil, after/before: ${(sa / sb).toFixed(2)} (${(sa * 1000).toFixed(1)} / ${(sb * 1000).toFixed(1)} ms).`);
  return lines;
}

async function plan(clis: Cli[], dir: string, name: string, title: string, sheets: { kind: string; lines: string[] }[]): Promise<string[]> {
  const rows = await measure(clis, dir, name, sheets);
  const lines: string[] = [];
  for (let c = 0; c < clis.length; c++) {
    lines.push(`${title}${clis.length > 1 ? ` (${c === 0 ? 'before' : 'after'}: ${clis[c]!.root})` : ''}:`, '', ...(await rosterTable(clis[c]!, dir, name, rows[c]!)), '');
  }
  if (clis.length > 1) lines.push(...ratios(rows[0]!, rows[1]!), '');
  return lines;
}

export async function bench(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pp-bench-batch-'));
  // before first, in a folder of its own (each build links its own fonts and packages)
  const dirs = against ? [join(dir, 'before'), join(dir, 'after')] : [dir];
  const clis = (against ? [against, root] : [root]).map((r, i) => build(dirs[i]!, r));
  const lines: string[] = [];
  if (PLANS.includes('readme')) {
    lines.push(...(await plan(clis, dir, 'readme', 'The README plan (4 Calcudoku 6x6 medium, 4 Flow 8x8) per pupil, --workers 1', README_SHEETS)));
  }
  if (PLANS.includes('class')) {
    lines.push(...(await plan(clis, dir, 'class', 'The class plan (8 Calcudoku 6x6 medium, 6 Flow 8x8, a Fultiples task, a spot-the-match sheet) per pupil, --workers 1', CLASS_SHEETS)));
  }
  if (!process.env.BENCH_SIZES && !process.env.BENCH_PLANS) {
    // About 1,000 pages: each Fultiples board with one task is 2.5 pages (board, task, half an answer page).
    const bookletSheets = Array.from({ length: 8 }, (_, i) => ({ kind: 'fultiples', lines: [`task: multiples:${[3, 7][i % 2]}`, 'count: 50'] }));
    writeFileSync(join(dir, 'booklet.yaml'), planText('Big booklet', bookletSheets, null));
    const book = await runCli(clis[clis.length - 1]!, dir, 'booklet.yaml', ['--workers', '1']);
    lines.push('', `Booklet of ${book.pages} pages, --workers 1: wall ${book.wall.toFixed(1)} s, CPU ${book.cpu.toFixed(1)} s, peak RSS ${book.rssMb.toFixed(0)} MB, ${kb(book.otherBytes)} KB.`);
  }
  for (const cli of clis) lines.push(`${cli.built ? 'Compiled CLI' : 'From source (tsx: the build failed)'} from ${cli.root}.`);
  lines.push('Peak RSS is the whole process, main thread and workers.');
  rmSync(dir, { recursive: true, force: true });
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${await bench()}\n`);
}
