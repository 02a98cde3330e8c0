import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../src/port/node.js';
import { KINDS } from '../src/kinds/index.js';
import { planSheets } from '../src/make.js';
import { parseCommon } from '../src/core/options.js';
import { Templates } from '../src/layout/templates.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { batchSetup, InThreadRunner, parsePlanText, runBatchCore, type BatchSink } from '../src/index.js';
import { readTagged, textOf, walk, type TaggedPdf, type TagNode } from './helpers/pdf-tags.js';

const OPTIONS: Record<string, Record<string, unknown>> = {
  calcudoku: { size: 6 },
  flow: { size: 8 },
  dobble: {},
  'spot-match': {},
  fultiples: {},
  ludo: {},
};

function pdfinfo(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pp-tags-')), 'x.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdfinfo', [file], { encoding: 'utf8' });
}

const elements = (pdf: TaggedPdf) => pdf.pages.flatMap((p) => walk(p.tree).map((n) => ({ n, page: p })));
const text = (n: TagNode, page: TaggedPdf['pages'][number]) => textOf(n, page).map((r) => r.str).join(' ');

/** Tags every tagged file must have, whatever made it. */
function expectWellTagged(pdf: TaggedPdf, title: string): void {
  expect(pdf.marked).toBe(true);
  expect(pdf.lang).toBe('en');
  expect(pdf.title).toBe(title);
  for (const [i, page] of pdf.pages.entries()) {
    expect(page.tree?.role, `page ${i + 1}`).toBe('Root');
    expect(page.tree!.children.map((c) => c.role)).toEqual(['Document']);
    // Every word on the page is either in the tree or marked as an artifact (footers, page numbers).
    expect(page.untagged.map((r) => r.str), `page ${i + 1}`).toEqual([]);
    for (const n of walk(page.tree)) if (n.role === 'Figure') expect(n.alt?.trim(), `a figure on page ${i + 1}`).toBeTruthy();
    // Reading order: the tree's elements go down the page (the texts of a row share a top).
    const tops = walk(page.tree)
      .filter((n) => n.content.length)
      .map((n) => textOf(n, page))
      .filter((runs) => runs.length)
      .map((runs) => Math.max(...runs.map((r) => r.y + r.size)));
    tops.forEach((t, k) => k && expect(t, `page ${i + 1}, element ${k + 1}`).toBeLessThanOrEqual(tops[k - 1]! + 1));
    const first = walk(page.tree).find((n) => /^(H1|H2|P|Figure)$/.test(n.role));
    if (first?.role === 'H2') throw new Error(`page ${i + 1} has an H2 before any H1`);
  }
  // A footer's page number is an artifact, never read as part of the page.
  for (const [i, page] of pdf.pages.entries()) {
    const said = walk(page.tree).map((n) => text(n, page)).join(' ');
    expect(said, `page ${i + 1}`).not.toMatch(new RegExp(`Page ${i + 1} of ${pdf.pages.length}`));
  }
}

describe('tagged PDFs', () => {
  for (const kind of KINDS) {
    it(`${kind.name}: headings, paragraphs, described figures and the answer key as a section`, async () => {
      const count = Math.min(kind.defaultCount, 4);
      const plan = planSheets(kind, kind.schema.parse(OPTIONS[kind.name] ?? {}), parseCommon({ count }), 'tags', new Templates());
      const bytes = await renderToBuffer(plan.main, { paper: 'a4', templates: new Templates(), meta: plan.meta });
      expect(pdfinfo(bytes)).toMatch(/^Tagged:\s+yes$/m);
      const pdf = await readTagged(bytes);
      expectWellTagged(pdf, plan.meta.title);
      const all = elements(pdf);

      // Each puzzle is a figure that names its kind, its place in the run and its real code.
      const front = all.filter(({ n }) => n.role === 'Figure' && !n.alt!.startsWith('Answer'));
      for (const it of plan.items) {
        const mine = front.filter(({ n }) => n.alt!.includes(`code ${it.code}`));
        expect(mine.length, it.code).toBeGreaterThan(0);
        for (const { n } of mine) expect(n.alt).toMatch(new RegExp(`^${kind.title}\\b`));
        if (kind.name === 'calcudoku' || kind.name === 'flow') {
          expect(mine.map(({ n }) => n.alt)).toEqual([`${kind.title} ${kind.describe(kind.schema.parse(OPTIONS[kind.name]!)).split(' · ').join(', ')}, puzzle ${it.number} of ${count}, code ${it.code}`]);
        }
      }
      // The first page opens a section with a level-1 heading.
      const sects = pdf.pages.flatMap((p) => walk(p.tree).filter((n) => n.role === 'Sect').map((n) => ({ n, page: p })));
      expect(sects.length).toBeGreaterThan(0);

      // The answer key is a section of its own, headed "Answer key", holding the answers.
      const hasKey = kind.sections(kind.schema.parse(OPTIONS[kind.name] ?? {}), plan.items, { paper: 'a4', slotArea: () => ({ x: 0, y: 0, w: 500, h: 700 }) }).some((s) => s.answers);
      const keys = sects.filter(({ n, page }) => n.children[0]?.role === 'H1' && text(n.children[0], page).startsWith('Answer key'));
      expect(keys.length > 0, 'an answer key section').toBe(hasKey);
      const answers = keys.flatMap(({ n }) => n.children.filter((c) => c.role === 'Figure').map((c) => c.alt!));
      if (hasKey) expect(answers.filter((a) => a.startsWith('Answer to')).length).toBe(plan.items.length * (kind.name === 'ludo' ? 4 : 1));
      // Headings carry the page's heading text.
      const h1 = all.filter(({ n }) => n.role === 'H1').map(({ n, page }) => text(n, page));
      if (kind.name === 'calcudoku') expect(h1).toEqual(['Calcudoku puzzles', 'Answer key: Calcudoku puzzles']);
      // Same options and seed: the same bytes, tags and all.
      const again = await renderToBuffer(plan.main, { paper: 'a4', templates: new Templates(), meta: plan.meta });
      expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    }, 120_000);
  }

  it('a batch booklet keeps one structure tree across its joined stretches, and a class key has a heading per pupil', async () => {
    const plan = parsePlanText('title: Week\nseed: tags\nworksheets:\n  - kind: calcudoku\n    size: 4\n    count: 2\n  - kind: flow\n    size: 6\n    count: 2\n', 'week.yaml');
    const files = new Map<string, Uint8Array>();
    const sink: BatchSink = { file: async (name, bytes) => void files.set(name, bytes), open: () => ({ write: async () => {}, close: async () => {} }) };
    const setup = batchSetup(plan, 'tags', 'week.yaml');
    const manifest = await runBatchCore(setup, new InThreadRunner(setup), sink);
    const bytes = files.get('Week.pdf')!;
    expect(pdfinfo(bytes)).toMatch(/^Tagged:\s+yes$/m);
    const pdf = await readTagged(bytes);
    expectWellTagged(pdf, 'Week');
    // One Document for the whole file, holding every stretch in page order.
    const parts = pdf.pages.map((p) => p.tree!.children[0]!.children.map((c) => c.role));
    for (const roles of parts) expect(roles).toEqual(['Part']);
    const alts = elements(pdf).filter(({ n }) => n.role === 'Figure').map(({ n }) => n.alt!);
    const codes = manifest.worksheets!.flatMap((w: { codes: string[] }) => w.codes);
    expect(codes.length).toBe(4);
    for (const code of codes) {
      expect(alts.filter((a) => a.includes(code) && !a.startsWith('Answer')).length, code).toBe(1);
      expect(alts.filter((a) => a.startsWith('Answer to') && a.includes(code)).length, code).toBe(1);
    }
    const h1 = elements(pdf).filter(({ n }) => n.role === 'H1').map(({ n, page }) => text(n, page));
    expect(h1.filter((h) => h.startsWith('Answer key')).length).toBe(2);

    const roster = parsePlanText('title: Week\nseed: tags\nroster: r.csv\nworksheets:\n  - kind: calcudoku\n    size: 4\n    count: 2\n', 'week.yaml', () => 'Ava\nBen\n');
    const keyParts: Uint8Array[] = [];
    const sink2: BatchSink = { file: async (name, b) => void files.set(name, b), open: (n) => ({ write: async (b) => void (n === 'answer-key.pdf' && keyParts.push(b)), close: async () => {} }) };
    const setup2 = batchSetup(roster, 'tags', 'week.yaml');
    await runBatchCore(setup2, new InThreadRunner(setup2), sink2);
    const key = await readTagged(Buffer.concat(keyParts));
    expectWellTagged(key, 'Week: answer key');
    const h2 = elements(key).filter(({ n }) => n.role === 'H2').map(({ n, page }) => text(n, page));
    expect(h2.map((h) => h.split(' ')[0])).toEqual(['Ava', 'Ben']);
    const figures = elements(key).filter(({ n }) => n.role === 'Figure').map(({ n }) => n.alt!);
    expect(figures.length).toBe(4);
    expect(figures.every((a) => /^(Ava|Ben): answer to Calcudoku 4\u00d74, .*puzzle [12] of 2, code K4/.test(a))).toBe(true);
    for (const f of ['Ava.pdf', 'Ben.pdf']) expectWellTagged(await readTagged(files.get(f)!), `Week: ${f.slice(0, 3)}`);
  }, 120_000);

  it('the command line writes the same tagged file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-tags-cli-'));
    const out = join(dir, 'c.pdf');
    execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'calcudoku', '--size', '4', '--count', '2', '--seed', 'x', '--out', out], { stdio: 'pipe' });
    expect(pdfinfo(readFileSync(out))).toMatch(/^Tagged:\s+yes$/m);
  }, 60_000);
});
