import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FuzzCase } from './fuzz-cases.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Outcome {
  kind: 'ok' | 'refused' | 'stopped' | 'failed';
  why?: string;
  ms: number;
  /** Peak memory of the run, KB (from /usr/bin/time), or 0 when unknown. */
  rssKb: number;
  /** For stopped runs: ms from the signal to the end of the process. */
  stopMs?: number;
  pdfs: number;
  codes: string[];
}

/** Every file under `dir` (recursively), by path. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

let pdfjs: typeof import('pdfjs-dist/legacy/build/pdf.mjs') | undefined;

/** Parsed by pdf.js, a reader that shares nothing with PDFKit: the page count, or why it failed. */
export async function pdfPages(file: string): Promise<number> {
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0, isEvalSupported: false }).promise;
  try {
    for (let p = 1; p <= Math.min(doc.numPages, 3); p++) await (await doc.getPage(p)).getOperatorList();
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

/**
 * The CLI as built (dist/), as a teacher runs it, or from source (tests: dist/ may be older than
 * the code); /usr/bin/time reports its peak memory.
 */
function command(args: string[], memFile: string, fromSource: boolean): [string, string[]] {
  const cli = fromSource ? ['--import', new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href, join(root, 'src/cli/main.ts')] : [join(root, 'bin/puzzlepress.js')];
  const node = [process.execPath, ...cli, ...args];
  return existsSync('/usr/bin/time') ? ['/usr/bin/time', ['-f', '%M', '-o', memFile, ...node]] : [node[0]!, node.slice(1)];
}

/**
 * Runs one case and judges it: exit 0 with every written PDF readable (and JSON parsing), or exit 2
 * with one line, no stack trace and no file left; a stopped run ends within 1 s with no temp file.
 */
export async function runCase(c: FuzzCase, work: string, { timeoutMs = 120_000, fromSource = false } = {}): Promise<Outcome> {
  const out = join(work, 'out');
  const memFile = join(work, 'mem.txt');
  const [cmd, args] = command(c.args, memFile, fromSource);
  const started = performance.now();
  let signalledAt = 0;
  const res = await new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string; timedOut: boolean }>((resolve) => {
    // its own process group, so a signal reaches the run and not only /usr/bin/time around it
    const child = spawn(cmd, args, { cwd: work, env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const kill = (sig: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, sig);
      } catch {
        // already gone
      }
    };
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const stop = c.stop && setTimeout(() => ((signalledAt = performance.now()), kill(c.stop!.signal)), c.stop.after);
    const limit = setTimeout(() => ((timedOut = true), kill('SIGKILL')), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      if (stop) clearTimeout(stop);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
  const ms = performance.now() - started;
  const mem = existsSync(memFile) ? readFileSync(memFile, 'utf8').trim().split('\n').pop()! : '';
  const rssKb = /^\d+$/.test(mem) ? Number(mem) : 0;
  const left = filesUnder(out);
  const temps = left.filter((f) => /\.tmp$/.test(f));
  const base = { ms, rssKb, pdfs: 0, codes: [] as string[] };
  const failed = (why: string): Outcome => ({ ...base, kind: 'failed', why: `${why}\n  stderr: ${res.stderr.trim().slice(0, 600)}` });
  if (res.timedOut) return failed(`still running after ${timeoutMs / 1000} s`);
  if (temps.length) return failed(`temp files left: ${temps.join(', ')}`);
  if (/\n\s+at .*:\d+/.test(res.stderr)) return failed('stack trace on stderr');

  // /usr/bin/time reports a child ended by a signal as "Command terminated by signal N", exit 128+N
  const bySignal = res.signal !== null || /terminated by signal/.test(mem) || res.code === 130 || res.code === 143;
  if (c.stop && signalledAt && bySignal) {
    const stopMs = ms - (signalledAt - started);
    if (stopMs > 1000) return failed(`took ${Math.round(stopMs)} ms to stop after ${c.stop.signal}`);
    for (const f of left.filter((x) => x.endsWith('.pdf'))) {
      try {
        await pdfPages(f);
      } catch (e) {
        return failed(`a file left after the stop is not a valid PDF: ${f}: ${(e as Error).message}`);
      }
    }
    return { ...base, kind: 'stopped', stopMs };
  }
  if (res.code === 2) {
    // progress lines ("Generating Flow: 2/3", on a pipe) may come before a late refusal
    const lines = res.stderr.trim().split('\n').filter((l) => !/^[^:]+: \d+\/\d+$/.test(l));
    if (lines.length !== 1 || !lines[0]!.startsWith('puzzlepress: ')) return failed(`exit 2 without exactly one line (${lines.length} lines)`);
    if (left.length) return failed(`exit 2 left files: ${left.join(', ')}`);
    return { ...base, kind: 'refused', why: lines[0] };
  }
  if (res.code !== 0) return failed(`exit ${res.code}${res.signal ? ` (signal ${res.signal})` : ''}`);

  const written = [...res.stdout.matchAll(/(?:Wrote|wrote) (.+?\.(?:pdf|json))(?: \(|$)/gm)].map((m) => m[1]!);
  const codes: string[] = [];
  let pdfs = 0;
  for (const f of written) {
    const path = f.startsWith('/') ? f : join(work, f);
    if (!existsSync(path)) return failed(`said it wrote ${f}, which is not there`);
    if (f.endsWith('.json')) {
      try {
        const text = readFileSync(path, 'utf8');
        JSON.parse(text);
        codes.push(...[...text.matchAll(/"code": "([A-Z0-9a-z.-]+)"/g)].map((m) => m[1]!));
      } catch {
        return failed(`${f} is not valid JSON`);
      }
      continue;
    }
    try {
      if ((await pdfPages(path)) < 1) return failed(`${f} has no pages`);
      pdfs++;
    } catch (e) {
      return failed(`${f} is not a valid PDF: ${(e as Error).message}`);
    }
  }
  if (c.args[0] !== 'ludo' || c.args[1] !== 'simulate') {
    if (c.args[0] !== 'list' && pdfs === 0) return failed('exit 0 without writing a PDF');
  }
  return { ...base, kind: 'ok', pdfs, codes };
}

/** Removes a case's folder (inputs may include pipes and links, which rmSync handles). */
export function clean(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
