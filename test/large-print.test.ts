import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers/cli.js';
import '../src/port/node.js';
import { KINDS } from '../src/kinds/index.js';
import { planSheets } from '../src/make.js';
import { parseCommon, parseKindOptions } from '../src/core/options.js';
import { Templates } from '../src/layout/templates.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { Draw, type Box, type TextStyle } from '../src/pdf/draw.js';
import { MM } from '../src/pdf/draw.js';
import { readTagged, textOf, walk, type TaggedPdf } from './helpers/pdf-tags.js';
import { batchSetup, InThreadRunner, parsePlanText, runBatchCore, type BatchSink } from '../src/index.js';
import { findKind } from '../src/kinds/index.js';
import { strokeWidths } from './helpers/pdf-lines.js';
import { clueRun, clueText } from '../src/kinds/calcudoku/render.js';
import type { CalcudokuModel } from '../src/kinds/calcudoku/model.js';

const OPTIONS: Record<string, Record<string, unknown>> = {
  calcudoku: { size: 6 },
  flow: { size: 8 },
  dobble: {},
  'spot-match': {},
  fultiples: { task: ['primes', 'multiples:3', 'chain:5'] },
  ludo: { board: 'annotated' },
};

/** Texts drawn wider or taller than the box they were given, noted by the drawing layer itself. */
let overflows: string[] = [];
const original = Draw.prototype.text;
beforeAll(() => {
  Draw.prototype.text = function (this: Draw, text: string, box: Box, style: TextStyle = {}) {
    const size = this.sizeFor(text, box, style);
    const w = this.textWidth(text, size, style.font ?? 'regular');
    if (this.minText && (w > box.w + 0.5 || size * 0.7 > box.h + 0.5)) {
      overflows.push(`"${text}" at ${size.toFixed(1)} pt is ${w.toFixed(0)} x ${(size * 0.7).toFixed(0)} in a ${box.w.toFixed(0)} x ${box.h.toFixed(0)} box`);
    }
    original.call(this, text, box, style);
  };
});
afterAll(() => {
  Draw.prototype.text = original;
});

async function make(kind: (typeof KINDS)[number], largePrint: boolean) {
  // enough to fill a normal page, so large print's fewer a page shows (4 spot-match exercises print 2 and 2)
  const plan = planSheets(kind, parseKindOptions(kind, OPTIONS[kind.name]!), parseCommon({ count: Math.min(kind.defaultCount, 6), largePrint }), 'large', new Templates());
  const bytes = await renderToBuffer(plan.main, { paper: 'a4', templates: new Templates(), meta: plan.meta });
  return { plan, bytes, pdf: await readTagged(bytes), lines: await strokeWidths(bytes) };
}

/** Answer pages are the teacher's and stay in normal print; every other page is a pupil's. */
const pupilPages = (pdf: TaggedPdf) =>
  pdf.pages.map((p, i) => ({ p, i })).filter(({ p }) => {
    const h1 = walk(p.tree).find((n) => n.role === 'H1');
    return !h1 || !textOf(h1, p).map((r) => r.str).join(' ').startsWith('Answer key');
  });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const puzzlesOn = (pdf: TaggedPdf, page: number) => walk(pdf.pages[page]!.tree).filter((n) => n.role === 'Figure' && n.alt && !n.alt.startsWith('Answer')).length;

describe('large print (pupils\' pages; the answer key stays in normal print)', () => {
  for (const kind of KINDS) {
    it(`${kind.name}: every text at least 16 pt, thicker lines, fewer puzzles a page, nothing overflowing`, async () => {
      overflows = [];
      const normal = await make(kind, false);
      expect(overflows).toEqual([]);
      const large = await make(kind, true);
      expect(overflows, overflows.slice(0, 5).join('\n')).toEqual([]);

      // Read back from the file: every run of text on every page, as printed.
      const pupils = pupilPages(large.pdf);
      expect(pupils.length).toBeGreaterThan(0);
      for (const { p: page, i } of pupils) {
        const runs = [...page.marked.values()].flat();
        expect(runs.length, `page ${i + 1} has text`).toBeGreaterThan(0);
        const small = runs.filter((r) => r.size < 16 - 0.01);
        expect(small.map((r) => `${r.str} ${r.size.toFixed(1)} pt`), `page ${i + 1}`).toEqual([]);
        // Nothing runs off the printable page (office printers lose up to 5 mm an edge).
        const off = runs.filter((r) => r.x < 5 * MM || r.x + r.width > page.width - 5 * MM || r.y < 5 * MM || r.y + r.size > page.height - 5 * MM);
        expect(off.map((r) => r.str), `page ${i + 1}`).toEqual([]);
      }
      // The smaller text of the normal pages exists, so the check above could fail.
      expect(Math.min(...normal.pdf.pages.flatMap((p) => [...p.marked.values()].flat().map((r) => r.size)))).toBeLessThan(16);

      // Lines: none thinner than 1 pt, and thicker than the normal pages' overall.
      const thin = pupils.flatMap(({ i }) => large.lines[i]!);
      expect(thin.length).toBeGreaterThan(0);
      expect(Math.min(...thin)).toBeGreaterThanOrEqual(1.05);
      expect(median(thin)).toBeGreaterThan(median(pupilPages(normal.pdf).flatMap(({ i }) => normal.lines[i]!)));

      // Fewer puzzles (cards, boards) a page, and the same puzzles in all.
      expect(large.plan.items.map((i) => i.code)).toEqual(normal.plan.items.map((i) => i.code));
      const before = puzzlesOn(normal.pdf, 0);
      const after = puzzlesOn(large.pdf, 0);
      if (before > 1) expect(after).toBeLessThan(before);
      else expect(after).toBe(before);
      expect(large.pdf.pages.length).toBeGreaterThanOrEqual(normal.pdf.pages.length);
    }, 180_000);
  }

  it('a plan with large-print: true prints every pupil\'s pages in large print, and the key in normal print', async () => {
    const text = (large: boolean) => `title: Week\nseed: lp\nroster: r.csv\n${large ? 'large-print: true\n' : ''}worksheets:\n  - kind: calcudoku\n    size: 5\n    count: 4\n  - kind: flow\n    size: 7\n    count: 4\n`;
    const run = async (large: boolean) => {
      const plan = parsePlanText(text(large), 'week.yaml', () => 'Ava\nBen\n');
      expect(plan.largePrint).toBe(large);
      const files = new Map<string, Uint8Array>();
      const key: Uint8Array[] = [];
      const sink: BatchSink = { file: async (n, b) => void files.set(n, b), open: (n) => ({ write: async (b) => void (n === 'answer-key.pdf' && key.push(b)), close: async () => {} }) };
      const setup = batchSetup(plan, 'lp', 'week.yaml');
      await runBatchCore(setup, new InThreadRunner(setup), sink);
      return { ava: await readTagged(files.get('Ava.pdf')!), key: await readTagged(Buffer.concat(key)) };
    };
    const normal = await run(false);
    const large = await run(true);
    const sizes = (pdf: TaggedPdf) => pdf.pages.flatMap((p) => [...p.marked.values()].flat().map((r) => r.size));
    expect(Math.min(...sizes(large.ava))).toBeGreaterThanOrEqual(16 - 0.01);
    expect(Math.min(...sizes(normal.ava))).toBeLessThan(16);
    expect(large.ava.pages.length).toBeGreaterThan(normal.ava.pages.length);
    expect(sizes(large.key)).toEqual(sizes(normal.key));
  }, 180_000);

  it('calcudoku 8x8: a clue too long for its square runs on over its cage\'s next square at 16 pt, so the sheet prints', async () => {
    const calcudoku = findKind('calcudoku')!;
    overflows = [];
    const plan = planSheets(calcudoku, parseKindOptions(calcudoku, { size: 8 }), parseCommon({ count: 2, largePrint: true }), 'long4', new Templates());
    // A five-character clue at 16 pt needs squares 8 x 41 pt high in one square's width: more than the
    // page has (the sheet was refused before clues could run on); here it runs on over two.
    const models = plan.items.map((it) => it.model as CalcudokuModel);
    const long = models.flatMap((m) => m.cages.map((c, k) => ({ text: clueText(c.target, c.op, true), run: clueRun(m, k).run }))).filter((c) => c.text.length === 5);
    expect(long.length).toBeGreaterThan(0);
    expect(long.every((c) => c.run >= 2)).toBe(true);
    const bytes = await renderToBuffer(plan.main, { paper: 'a4', templates: new Templates(), meta: plan.meta });
    expect(overflows, overflows.slice(0, 5).join('\n')).toEqual([]);
    const pdf = await readTagged(bytes);
    const pupils = pupilPages(pdf).map(({ p }) => [...p.marked.values()].flat());
    const printed = pupils.flat().map((r) => r.str);
    for (const c of long) expect(printed, c.text).toContain(c.text);
    expect(pupils.flat().filter((r) => r.size < 16 - 0.01).map((r) => r.str)).toEqual([]);
  }, 120_000);

  it('names the one long clue that does not fit, when other puzzles of the size would', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-lp-clue-'));
    const r = cli(['calcudoku', '--size', '9', '--large-print', '--seed', 'x', '--out', 'l.pdf'], dir);
    expect(r.code).toBe(2);
    const m = /^puzzlepress: large print: the box (\d+)(.) of puzzle (\d+) is too wide for the squares of a 9x9 puzzle on a page in large print; make other puzzles \(another --seed\), choose a smaller size, or leave out large print\n$/.exec(r.stderr);
    expect(m, r.stderr).not.toBeNull();
    // that box is in that puzzle, as printed without large print
    expect(cli(['calcudoku', '--size', '9', '--seed', 'x', '--json', 'p.json', '--out', 'p.pdf'], dir).code).toBe(0);
    const puzzle = (JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8')) as { puzzles: { cages: { target: number }[] }[] }).puzzles[Number(m![3]) - 1]!;
    expect(puzzle.cages.map((c) => c.target)).toContain(Number(m![1]));
    // and another puzzle set of the size is made
    expect(cli(['calcudoku', '--size', '9', '--large-print', '--seed', 'b', '--out', 'b.pdf'], dir).code).toBe(0);
  });

  it('refuses, before making any puzzle, a puzzle too big for 16 pt clues even one to a page', () => {
    const calcudoku = findKind('calcudoku')!;
    expect(() => planSheets(calcudoku, calcudoku.schema.parse({ size: 12 }), parseCommon({ largePrint: true }), 'x', new Templates(), () => {
      throw new Error('a puzzle was made before the refusal');
    })).toThrow(/^large print: a 12x12 puzzle does not fit on a page with its numbers in large print, even alone; choose a smaller size, or leave out large print$/);
  });
});
