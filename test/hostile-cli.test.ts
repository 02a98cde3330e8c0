import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli } from './helpers/cli.js';
import { pdfPages } from './helpers/fuzz-run.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
const temp = () => mkdtempSync(join(tmpdir(), 'pp-hostile-cli-'));

/**
 * Starts a long run, stops it with `signal` once it is busy, and says how long the stop took.
 * (The 1 s promise is measured by `npm run fuzz`; here a loose bound shows the run did not finish.)
 */
function stopped(args: string[], signal: NodeJS.Signals): Promise<{ seconds: number; code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', tsx, `${root}src/cli/main.ts`, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let sent = 0;
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', () => {});
    // once the command line is parsed and work has begun (the seed line or the progress line)
    const timer = setTimeout(() => {
      sent = performance.now();
      child.kill(signal);
    }, 6000);
    child.on('exit', (code, sig) => {
      clearTimeout(timer);
      resolve({ seconds: sent ? (performance.now() - sent) / 1000 : -1, code, signal: sig, stderr });
    });
  });
}

describe('Ctrl-C and SIGTERM', () => {
  it('end the slowest runs at once and leave no file (flow 20x20 hard, ludo simulate)', async () => {
    const dir = temp();
    const [flow, ludo] = await Promise.all([
      stopped(['flow', '--size', '20', '--difficulty', 'hard', '--count', '30', '--seed', 'x', '--out', join(dir, 'f.pdf'), '--json', join(dir, 'f.json')], 'SIGINT'),
      stopped(['ludo', 'simulate', '--games', '3000000', '--seed', '1', '--json', join(dir, 'l.json')], 'SIGTERM'),
    ]);
    for (const r of [flow, ludo]) {
      expect(r.seconds, r.stderr).toBeGreaterThan(0); // it was still working when stopped
      expect(r.seconds).toBeLessThan(5); // before: 171 s and 116 s
      expect(r.code === 130 || r.code === 143 || r.signal !== null, `${r.code} ${r.signal}`).toBe(true);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});

describe('outputs and codes', () => {
  it('ludo simulate refuses an unwritable --json before the games, not after', () => {
    const started = performance.now();
    const r = cli(['ludo', 'simulate', '--games', '3000000', '--seed', '1', '--json', '/proc/version/sim.json']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^puzzlepress: cannot write \/proc\/version\/sim\.json/);
    expect(performance.now() - started).toBeLessThan(60_000); // the games alone take about 2 minutes
  });

  it('refuses --json naming the PDF or its answer file, before any work', () => {
    const dir = temp();
    const pdf = join(dir, 'a.pdf');
    let r = cli(['fultiples', '--seed', 'j', '--out', pdf, '--json', pdf]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^puzzlepress: --json .*a\.pdf is the same file as --out/);
    r = cli(['fultiples', '--seed', 'j', '--answers', 'separate', '--out', pdf, '--json', join(dir, 'a-answers.pdf')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('key takes --symbols for a deck made with your own words, and says so when it is missing', () => {
    const dir = temp();
    const words = join(dir, 'words.txt');
    writeFileSync(words, ['cat', 'dog', 'hen', 'cow', 'pig', 'fox', 'owl', 'bee'].join('\n'));
    let r = cli(['dobble', '--symbols-per-card', '3', '--symbols', words, '--seed', 'k', '--out', join(dir, 'd.pdf'), '--json', join(dir, 'd.json')]);
    expect(r.code, r.stderr).toBe(0);
    const code = (JSON.parse(readFileSync(join(dir, 'd.json'), 'utf8')) as { code: string }).code;
    expect(code).toMatch(/^D3u/);
    r = cli(['key', code, '--out', join(dir, 'k.pdf')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/puzzlepress key CODE --symbols FOLDER/);
    r = cli(['key', code, '--symbols', words, '--out', join(dir, 'k.pdf')]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['d.json', 'd.pdf', 'k.pdf', 'words.txt']);
  });
});

describe('batches', () => {
  it('a roster of card decks writes no empty answer key, caps workers with a note; an unwritable folder is refused before the work', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'pupils.csv'), 'name\nAva\nBen\n');
    writeFileSync(join(dir, 'deck.yaml'), 'title: Cards\nseed: d\nroster: pupils.csv\nworksheets:\n  - kind: dobble\n    symbols-per-card: 3\n');
    let r = cli(['batch', join(dir, 'deck.yaml'), '--out', join(dir, 'out'), '--workers', '64'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Note: using \d+ workers, one for each core/);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['Ava.pdf', 'Ben.pdf', 'all-pupils.pdf', 'manifest.json']);
    for (const f of ['Ava.pdf', 'Ben.pdf']) expect(await pdfPages(join(dir, 'out', f))).toBeGreaterThan(0);
    r = cli(['batch', join(dir, 'deck.yaml'), '--out', '/proc/version/out', '--workers', '64'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^puzzlepress: cannot write to \/proc\/version\/out: \/proc\/version is a file, not a folder/);
  });
});
