import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../src/port/node.js';
import type { Kind } from '../src/core/kind.js';
import { parseKindOptions } from '../src/core/options.js';
import { findKind } from '../src/kinds/index.js';
import { documentPages, explainItems, generateItems, kindPart } from '../src/run.js';
import { planKey } from '../src/make.js';
import { messages } from '../src/i18n/messages.js';
import { Templates } from '../src/layout/templates.js';
import { drawPage } from '../src/layout/page.js';
import type { PlannedPage } from '../src/layout/plan.js';
import { contentBox, expandPages } from '../src/pdf/render.js';
import { PAPER_SIZE } from '../src/pdf/document.js';
import type { Point, Stroke, TextStyle } from '../src/pdf/draw.js';
import { LARGE_PRINT, scaledBox } from '../src/pdf/print.js';
import { RecordingDraw } from './helpers/record-draw.js';

/** Every shipped language, from the folder (a new file is tested as soon as it is added). */
const LANGS = readdirSync(new URL('../messages/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

const words = join(mkdtempSync(join(tmpdir(), 'pp-fit-')), 'words.txt');
// Long words, so word decks test the longest card and legend labels too.
writeFileSync(words, Array.from({ length: 31 }, (_, i) => `Wortliste${i}`).join('\n'));

/** The runs whose words are longest: signs hidden, every task, every worksheet, worked solutions. */
const RUNS: { kind: string; raw: Record<string, unknown>; count: number; explain?: number }[] = [
  { kind: 'calcudoku', raw: { size: '6', difficulty: 'hard', ops: '+-x/', hideOps: true }, count: 4, explain: 1 },
  { kind: 'calcudoku', raw: { size: '4', ops: '-/' }, count: 6 },
  { kind: 'flow', raw: { size: '9', difficulty: 'hard' }, count: 4, explain: 1 },
  { kind: 'dobble', raw: { symbolsPerCard: '6', backs: true }, count: 1 },
  { kind: 'dobble', raw: { symbolsPerCard: '6', symbols: words }, count: 1 },
  { kind: 'spot-match', raw: { symbolsPerCard: '6' }, count: 3 },
  { kind: 'fultiples', raw: { task: ['multiples:7', 'both:2,3', 'primes', 'next', 'chain:6'] }, count: 2 },
  { kind: 'ludo', raw: { worksheet: ['landing', 'ways', 'never', 'replay'], printables: 'board,rules,record' }, count: 1 },
];

const PAGE = PAPER_SIZE.a4;
const CONTENT = contentBox(PAGE);
/** Smallest text that still reads on paper. */
const MIN_PT = 4.5;
const SLACK = 0.6;

interface Overflow {
  page: string;
  text: string;
  why: string;
}

/** A recording Draw that also notes each paragraph's height, so a paragraph running off its page is seen. */
class FitDraw extends RecordingDraw {
  paragraphs: { text: string; x: number; y: number; w: number; h: number; size: number }[] = [];
  override paragraph(text: string, x: number, y: number, w: number, style: TextStyle = {}): number {
    const h = super.paragraph(text, x, y, w, style);
    this.paragraphs.push({ text, x, y, w, h, size: style.size ?? 11 });
    return h;
  }
}

/** Also notes strokes drawn as polylines (ticks, arrows). */
class MarkDraw extends FitDraw {
  polylines: Point[][] = [];
  override polyline(points: Point[], style: Stroke = {}): void {
    this.polylines.push(points);
    super.polyline(points, style);
  }
}

/** Draws every page through the real layout and checks each piece of text against the box it was given. */
function overflows(pages: PlannedPage[], templates: Templates, label: string): Overflow[] {
  const blocks = expandPages(pages, { paper: 'a4', templates, meta: { title: '', subject: '', keywords: '' } });
  const out: Overflow[] = [];
  pages.forEach((p, i) => {
    const d = new FitDraw();
    drawPage(d, { blocks: blocks[i]!, slots: p.slots, grid: p.grid, labels: p.labels, mirrored: p.mirrored }, CONTENT, PAGE.w);
    const where = `${label} page ${i + 1}`;
    for (const t of d.texts) {
      if (t.box.h === 0) continue; // paragraphs, checked below
      if (!t.text.trim()) continue;
      if (t.left < t.box.x - SLACK || t.right > t.box.x + t.box.w + SLACK) out.push({ page: where, text: t.text, why: `${(t.right - t.left).toFixed(1)} pt wide in a box of ${t.box.w.toFixed(1)}` });
      // words must stay readable; pencil-mark digits in a diagram are a drawing and may be small
      if (t.size < MIN_PT && /\p{L}/u.test(t.text)) out.push({ page: where, text: t.text, why: `shrunk to ${t.size.toFixed(1)} pt to fit` });
      // a card back is drawn once around (0, 0) as a form and placed by transform: only its box is checked
      const onPaper = t.box.x >= 0;
      if (onPaper && (t.left < -SLACK || t.right > PAGE.w + SLACK)) out.push({ page: where, text: t.text, why: 'off the paper' });
    }
    for (const q of d.paragraphs) {
      if (q.y + q.h > CONTENT.y + CONTENT.h + SLACK) out.push({ page: where, text: q.text.slice(0, 60), why: `runs ${(q.y + q.h - CONTENT.y - CONTENT.h).toFixed(1)} pt past the bottom margin` });
      if (q.x + q.w > CONTENT.x + CONTENT.w + SLACK) out.push({ page: where, text: q.text.slice(0, 60), why: 'wider than the page' });
      if (q.size < MIN_PT) out.push({ page: where, text: q.text.slice(0, 60), why: `set at ${q.size} pt` });
    }
  });
  return out;
}

function runPages(lang: string, run: (typeof RUNS)[number], templates: Templates): PlannedPage[] {
  const kind = findKind(run.kind) as Kind;
  const options = parseKindOptions(kind, run.raw);
  const items = generateItems(kind, options, `fit-${run.kind}`, run.count);
  const explanations = run.explain ? explainItems(kind, options, items, run.explain, messages(lang)) : undefined;
  const part = kindPart(kind, options, items, { paper: 'a4', lang, explanations }, templates);
  const files = documentPages([part], 'back');
  return files.main;
}

describe('every shipped language fits every kind', () => {
  const templates = new Templates();
  for (const lang of LANGS) {
    it(`${lang}: no text wider than its box, off the page or shrunk past reading`, () => {
      const found: Overflow[] = [];
      for (const run of RUNS) found.push(...overflows(runPages(lang, run, templates), templates, `${run.kind} ${JSON.stringify(run.raw).slice(0, 40)}`));
      const key = planKey('K6HF-503STSQQX6', 'a4', templates, true, undefined, lang);
      found.push(...overflows(key.pages, templates, 'key K6HF-503STSQQX6'));
      expect(found.slice(0, 8)).toEqual([]);
    }, 120_000);
  }

  it('the check sees an overflow: a heading far too long for its box', () => {
    const d = new FitDraw();
    d.text('W'.repeat(200), { x: 10, y: 10, w: 100, h: 20 }, { size: 12 });
    const t = d.texts[0]!;
    expect(t.right - t.left).toBeGreaterThan(t.box.w);
  });
});

describe('large print fits in every shipped language', () => {
  // Large print cannot shrink its words (16 pt once printed): a Fultiples rules page with long
  // rules must still end its example, ticks and crosses above the footer.
  for (const lang of LANGS) {
    it(`${lang}: no line of a large-print Fultiples page reaches its footer`, () => {
      const templates = new Templates();
      const kind = findKind('fultiples') as Kind;
      const options = parseKindOptions(kind, {});
      const part = kindPart(kind, options, generateItems(kind, options, 'fit-large', 1), { paper: 'a4', lang, largePrint: true }, templates);
      const pages = documentPages([part], 'none').main;
      const blocks = expandPages(pages, { paper: 'a4', templates, meta: { title: '', subject: '', keywords: '' } });
      let ticks = 0;
      pages.forEach((p, i) => {
        const d = new MarkDraw();
        d.minText = LARGE_PRINT.minText;
        drawPage(d, { blocks: blocks[i]!, slots: p.slots, grid: p.grid, labels: p.labels, mirrored: p.mirrored }, scaledBox(CONTENT, LARGE_PRINT.scale), PAGE.w / LARGE_PRINT.scale);
        const footer = d.texts.find((t) => t.text === messages(lang).t('page.number', { page: i + 1, pages: pages.length }));
        expect(footer, `page ${i + 1} has its footer`).toBeDefined();
        const lowest = Math.max(...d.lines.flatMap((l) => [l.a[1], l.b[1]]), ...d.polylines.flat().map((q) => q[1]));
        expect(lowest, `page ${i + 1}`).toBeLessThan(footer!.box.y);
        ticks += d.polylines.length;
      });
      expect(ticks).toBeGreaterThan(0); // the example's ticks were drawn and checked
    });
  }
});
