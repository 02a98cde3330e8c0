import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers/cli.js';
import { fromCode } from '../src/run.js';
import type { FultiplesModel } from '../src/kinds/fultiples/model.js';
import type { Manifest } from '../src/batch/run-batch.js';

const PUPILS = ['Ava Smith', 'Ben', 'Zoë', 'Chloé Martin', "O'Neill, Sam", 'Li Wei'];

const PLAN = `title: Week 3 puzzles
seed: week3
paper: a4
roster: pupils.csv
worksheets:
  - kind: calcudoku
    size: 4
    difficulty: easy
    count: 2
  - kind: flow
    size: 6
    count: 2
  - kind: fultiples
    task: multiples:7
    count: 1
  - kind: spot-match
    count: 1
`;

function setup(plan = PLAN): string {
  const dir = mkdtempSync(join(tmpdir(), 'pp-batch-'));
  writeFileSync(join(dir, 'week3.yaml'), plan);
  writeFileSync(join(dir, 'pupils.csv'), `name\n${PUPILS.map((p) => (p.includes(',') ? `"${p}"` : p)).join('\n')}\n`);
  return dir;
}

function pdfText(file: string, first?: number, last?: number): string {
  const range = first ? ['-f', String(first), '-l', String(last ?? first)] : [];
  return execFileSync('pdftotext', [...range, file, '-'], { encoding: 'utf8' });
}

function pages(file: string): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
}

function run(dir: string, out: string, ...extra: string[]) {
  const r = cli(['batch', join(dir, 'week3.yaml'), '--out', join(dir, out), ...extra], dir);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(readFileSync(join(dir, out, 'manifest.json'), 'utf8')) as Manifest;
}

describe('batch with a roster', () => {
  const dir = setup();
  const out = join(dir, 'one');
  let manifest: Manifest;
  beforeAll(() => {
    manifest = run(dir, 'one', '--workers', '1');
  }, 180_000);

  it('writes one PDF per pupil, the teacher\'s key and a manifest, the same bytes with 2 workers', () => {
    run(dir, 'two', '--workers', '2');
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(PUPILS.length + 3);
    expect(files).toContain('answer-key.pdf');
    expect(files).toContain('all-pupils.pdf');
    expect(files).toContain('manifest.json');
    expect(readdirSync(join(dir, 'two')).sort()).toEqual(files);
    for (const f of files) expect(readFileSync(join(out, f)).equals(readFileSync(join(dir, 'two', f))), f).toBe(true);
    for (const f of manifest.files) {
      expect(createHash('sha256').update(readFileSync(join(out, f.file))).digest('hex')).toBe(f.sha256);
      expect(pages(join(out, f.file))).toBe(f.pages);
    }
  });

  it('prints each pupil\'s name and own codes on their sheets', () => {
    expect(manifest.pupils!.map((p) => p.name)).toEqual(PUPILS);
    for (const p of manifest.pupils!) {
      const text = pdfText(join(out, p.file));
      expect(text).toContain(`Name: ${p.name}`);
      for (const w of p.worksheets) for (const code of w.codes) expect(text).toContain(code);
    }
  });

  it('gives every pupil puzzles of their own', () => {
    const worksheets = manifest.pupils![0]!.worksheets.length;
    for (let w = 0; w < worksheets; w++) {
      const codes = manifest.pupils!.flatMap((p) => p.worksheets[w]!.codes);
      expect(new Set(codes).size).toBe(codes.length);
      const models = codes.map((c) => JSON.stringify(fromCode(c).item.model));
      expect(new Set(models).size, `worksheet ${w + 1}`).toBe(models.length);
    }
  });

  it('packs every pupil\'s solutions into the key, headed by their name, each code once, in roster order, no block split', () => {
    const key = join(out, 'answer-key.pdf');
    const byPage = Array.from({ length: pages(key) }, (_, i) => pdfText(key, i + 1));
    const pageOf = (text: string) => byPage.findIndex((t) => t.includes(text));
    let last = 0;
    for (const p of manifest.pupils!) {
      const first = pageOf(p.name);
      expect(first, p.name).toBeGreaterThanOrEqual(last); // reading order: pupils in roster order
      last = first;
      for (const w of p.worksheets) {
        // A block is never split: one page holds the worksheet's heading and all its codes.
        const at = byPage.findIndex((t) => t.includes(p.name) && t.includes(`· ${w.name}`) && w.codes.every((c) => t.includes(c)));
        expect(at, `${p.name}: ${w.name}`).toBeGreaterThanOrEqual(first);
        for (const code of w.codes) expect(byPage.filter((t) => t.includes(code)), code).toHaveLength(1);
        // above its answer only (the heading listed the codes again)
        for (const code of w.codes) expect(byPage.join('').split(code), code).toHaveLength(2);
      }
      // The Fultiples key says how many cells to shade; count them on the regenerated board.
      const fw = p.worksheets.find((w) => w.kind === 'fultiples')!;
      const board = (fromCode(fw.codes[0]!).item.model as FultiplesModel).board.flat();
      expect(byPage[pageOf(fw.codes[0]!)]).toContain(`${board.filter((n) => n % 7 === 0).length} cells`);
      // The board takes half a page, so other answers share its page (it had a page to itself).
      const others = manifest.pupils!.flatMap((q) => q.worksheets.filter((w) => w.kind !== 'fultiples').flatMap((w) => w.codes));
      expect(others.some((c) => byPage[pageOf(fw.codes[0]!)]!.includes(c)), p.name).toBe(true);
    }
    // Packed: pupils share pages. Before, each pupil's worksheet had pages of its own (24 here), and
    // later each Fultiples board and each spot-the-match sheet a page (3 a pupil); now 2 at most.
    expect(byPage.length).toBeLessThanOrEqual(PUPILS.length * 2);
    expect(byPage.filter((t) => PUPILS.filter((n) => t.includes(n)).length >= 2).length).toBeGreaterThan(0);
  });
});

describe('batch without a roster', () => {
  it('makes one booklet with a cover, the worksheets and the answers, folded 2-up on request', () => {
    const dir = setup(PLAN.replace('roster: pupils.csv\n', ''));
    const flat = run(dir, 'flat', '--workers', '2');
    const file = join(dir, 'flat', 'Week-3-puzzles.pdf');
    const n = pages(file);
    expect(flat.files).toEqual([{ file: 'Week-3-puzzles.pdf', pages: n, sha256: expect.any(String) }]);
    const cover = pdfText(file, 1);
    expect(cover).toContain('Week 3 puzzles');
    expect(cover).toContain('Contents');
    for (const w of flat.worksheets!) {
      expect(cover).toContain(`${w.name} · page ${w.firstPage}`);
      expect(pdfText(file, w.firstPage)).toContain(w.codes[0]!);
      expect(pdfText(file, w.answersPage!)).toContain('Answer key');
    }

    const folded = run(dir, 'folded', '--workers', '1', '--booklet');
    const bfile = join(dir, 'folded', 'Week-3-puzzles.pdf');
    expect(pages(bfile)).toBe(Math.ceil(n / 4) * 2);
    expect(execFileSync('pdfinfo', [bfile], { encoding: 'utf8' })).toMatch(/Page size:\s+841\.89 x 595\.28/);
    expect(folded.worksheets!.map((w) => w.codes)).toEqual(flat.worksheets!.map((w) => w.codes));
  });
});

describe('batch interrupted', () => {
  it('stops on Ctrl-C with exit code 130, leaving only whole files', async () => {
    const dir = setup();
    const tsx = new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
    const main = new URL('../src/cli/main.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, ['--import', tsx, main, 'batch', join(dir, 'week3.yaml'), '--out', join(dir, 'out'), '--workers', '1'], { cwd: dir });
    let stderr = '';
    const exited = new Promise<number | string | null>((res) => child.on('exit', (code, signal) => res(code ?? signal)));
    // Interrupt as soon as the run reports progress: pupils are being generated or written.
    await new Promise<void>((res) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (/Batch: \d+\/\d+/.test(stderr)) res();
      });
      child.on('exit', () => res());
    });
    child.kill('SIGINT');
    const code = await exited;
    // With a temp file open the handler removes it and says so (130); otherwise Ctrl-C keeps its
    // default action and ends the run at once (see src/node/interrupt.ts).
    if (code === 130) expect(stderr).toMatch(/stopped; finished files are complete/);
    else expect(code).toBe('SIGINT');
    const left = existsSync(join(dir, 'out')) ? readdirSync(join(dir, 'out')) : [];
    expect(left.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    for (const f of left.filter((x) => x.endsWith('.pdf'))) expect(readFileSync(join(dir, 'out', f)).toString('latin1').trimEnd().endsWith('%%EOF'), f).toBe(true);
  });
});

describe('batch mistakes', () => {
  it('stop with one line naming file, line and field, exit code 2, nothing written', () => {
    const cases: [string, RegExp][] = [
      [PLAN.replace('size: 6', 'size: 30'), /week3\.yaml:11: worksheets\[1\]\.size: /],
      [PLAN.replace('kind: flow', 'kind: flw'), /week3\.yaml:10: worksheets\[1\]\.kind: unknown kind "flw"/],
      [PLAN.replace('difficulty: easy', 'dificulty: easy'), /week3\.yaml:8: worksheets\[0\]: unknown field 'dificulty'.*did you mean 'difficulty'/],
    ];
    for (const [plan, pattern] of cases) {
      const dir = setup(plan);
      const r = cli(['batch', join(dir, 'week3.yaml'), '--out', join(dir, 'out')], dir);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    }
    const dir = setup();
    writeFileSync(join(dir, 'pupils.csv'), 'Ava\nBen\nAva\n');
    const r = cli(['batch', join(dir, 'week3.yaml'), '--out', join(dir, 'out')], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pupils\.csv:3: "Ava" is already on line 1/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
    const missing = cli(['batch', join(dir, 'nope.yaml')], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/the plan .*nope\.yaml does not exist: give the path of a \.yaml or \.json plan file/);
  });
});
