import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { readPages } from './helpers/pdf-words.js';

const FLOW = '  - kind: flow\n    size: 6\n    count: 2\n';
const CALCUDOKU = '  - kind: calcudoku\n    size: 4\n    count: 1\n';
const PUPILS = ['Ava', 'Ben', 'Chloé'];

/** Each page's words, in order. */
function texts(file: string): string[] {
  return readPages(file).map((p) => p.words.map((w) => w.text).join(' '));
}

/** Runs a class of three with these worksheets; the folder written. */
function run(sheets: string, pupils = PUPILS): string {
  const dir = mkdtempSync(join(tmpdir(), 'pp-print-'));
  writeFileSync(join(dir, 'plan.yaml'), `title: Week 3\npupils: [${pupils.join(', ')}]\nworksheets:\n${sheets}`);
  const r = cli(['batch', 'plan.yaml', '--out', 'out'], dir);
  expect(r.code, r.stderr).toBe(0);
  return join(dir, 'out');
}

describe('all-pupils.pdf', () => {
  it("holds every pupil's pages in roster order, each font file once, a bookmark a pupil", async () => {
    const out = run(FLOW + CALCUDOKU);
    const own = PUPILS.map((p) => texts(join(out, `${p}.pdf`)));
    expect(own.map((t) => t.length)).toEqual([2, 2, 2]);
    // two pages a pupil: no blank page needed to start each on a sheet of their own
    expect(texts(join(out, 'all-pupils.pdf'))).toEqual(own.flat());
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { files: { file: string; pages: number }[] };
    expect(manifest.files.find((f) => f.file === 'all-pupils.pdf')?.pages).toBe(6);
    // the pupils' files each embed both fonts; here each font's file is stored once, so it is smaller
    // than the three together by more than two pupils' fonts
    const fonts = execFileSync('pdffonts', [join(out, 'all-pupils.pdf')], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts).toHaveLength(6); // a descriptor each, as each pupil's subset may differ
    const size = (f: string) => statSync(join(out, f)).size;
    const together = PUPILS.reduce((t, p) => t + size(`${p}.pdf`), 0);
    expect(size('all-pupils.pdf')).toBeLessThan(together * 0.75);
    const files = new Set(readFileSync(join(out, 'all-pupils.pdf'), 'latin1').match(/\/FontFile2 \d+ 0 R/g));
    expect(files.size).toBeLessThan(6);
    // a bookmark for each pupil, at their first page
    // read by a second reader (pdf.js, as browsers show it): every page, and a bookmark a pupil
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(join(out, 'all-pupils.pdf'))), verbosity: 0 }).promise;
    expect(doc.numPages).toBe(6);
    for (let i = 1; i <= doc.numPages; i++) expect((await (await doc.getPage(i)).getTextContent()).items.length).toBeGreaterThan(10);
    const outline = await doc.getOutline();
    expect(outline.map((o) => o.title)).toEqual(PUPILS);
    expect(await Promise.all(outline.map(async (o) => (await doc.getPageIndex((o.dest as [{ num: number; gen: number }])[0])) + 1))).toEqual([1, 3, 5]);
  }, 120_000);

  it('puts a blank page after a pupil of 3 pages, so each starts on a new sheet printed on both sides; none after 1-page pupils', () => {
    const odd = run(FLOW + CALCUDOKU + CALCUDOKU);
    const own = PUPILS.map((p) => texts(join(odd, `${p}.pdf`)));
    expect(own.map((t) => t.length)).toEqual([3, 3, 3]);
    expect(texts(join(odd, 'all-pupils.pdf'))).toEqual([...own[0]!, '', ...own[1]!, '', ...own[2]!]);
    const single = run(CALCUDOKU);
    const pages = PUPILS.map((p) => texts(join(single, `${p}.pdf`)));
    expect(pages.map((t) => t.length)).toEqual([1, 1, 1]);
    expect(texts(join(single, 'all-pupils.pdf'))).toEqual(pages.flat());
  }, 120_000);

  it('is not written for a class of one, whose own file is already the whole class', () => {
    const out = run(CALCUDOKU, ['Ava']);
    expect(existsSync(join(out, 'Ava.pdf'))).toBe(true);
    expect(existsSync(join(out, 'all-pupils.pdf'))).toBe(false);
  }, 120_000);
});
