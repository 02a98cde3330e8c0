import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommon, parseKindOptions } from '../src/core/options.js';
import { findKind } from '../src/kinds/index.js';
import { planSheets } from '../src/make.js';
import { Templates } from '../src/layout/templates.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { readPages, type Word } from './helpers/pdf-words.js';

/**
 * A footer's words stay readable and whole: a line of codes too long for one line at 7 pt goes on
 * more lines (it shrank to 2 pt on a page of 24 Flow answers), and a title too long for its room
 * ends at a word with "…" (in large print it ran over the page number and off the paper, mid-word).
 */
const dir = mkdtempSync(join(tmpdir(), 'pp-footer-'));
const TITLE = 'Year 4 Maple Class — Thursday afternoon extension challenge for early finishers (spring term)';

async function make(kind: string, raw: Record<string, unknown>, common: Record<string, unknown>, name: string) {
  const k = findKind(kind)!;
  const plan = planSheets(k, parseKindOptions(k, raw), parseCommon({ seed: 'footer', ...common }), 'footer', new Templates());
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await renderToBuffer(plan.main, { paper: 'a4', templates: new Templates(), meta: plan.meta }));
  return { codes: plan.items.map((it) => it.code), pages: readPages(file) };
}

/** Andika's word boxes are 1.61 of the size tall (pdftotext boxes a word by ascent and descent). */
const sizeOf = (w: Word) => (w.y1 - w.y0) / 1.61;

describe('footers', () => {
  it('a long list of codes is set on several lines at 7 pt or more, every code whole on the page', async () => {
    const { codes, pages } = await make('flow', { size: '5' }, { count: 24 }, 'flow24');
    let lists = 0;
    let long = 0;
    for (const p of pages) {
      // the footer's list: codes after their numbers ("1:" "F5x5m-..."), below every puzzle's own code
      const numbers = p.words.filter((w) => /^\d+:$/.test(w.text));
      if (!numbers.length) continue;
      lists++;
      for (const w of numbers) expect(sizeOf(w), w.text).toBeGreaterThanOrEqual(7 - 0.1);
      const listed = p.words.filter((w) => codes.includes(w.text) && numbers.some((n) => Math.abs(n.y0 - w.y0) < 1));
      expect(listed.length).toBe(numbers.length);
      for (const w of listed) expect(w.x1).toBeLessThanOrEqual(p.w);
      // 24 answers a page: far more than one line holds at 7 pt
      if (numbers.length >= 12) {
        long++;
        expect(new Set(numbers.map((w) => Math.round(w.y0))).size).toBeGreaterThan(1);
      }
    }
    expect(lists).toBeGreaterThan(0);
    expect(long).toBeGreaterThan(0);
  });

  it('a title too long for a large print footer ends at a whole word with "…", clear of the page number', async () => {
    const { pages } = await make('calcudoku', { size: '6' }, { count: 1, largePrint: true, title: TITLE, answers: 'none' }, 'lp-title');
    const titleWords = TITLE.split(' ');
    for (const p of pages) {
      const lowest = Math.max(...p.words.map((w) => w.y1));
      const row = p.words.filter((w) => w.y1 > lowest - 3).sort((a, b) => a.x0 - b.x0);
      const page = row.find((w) => w.text === 'Page')!;
      const title = row.filter((w) => w.x1 <= page.x0);
      expect(row.filter((w) => w.x0 < page.x0 && w.x1 > page.x0)).toEqual([]);
      const last = title.at(-1)!.text;
      expect(last.endsWith('…')).toBe(true);
      const shown = title.map((w) => w.text.replace(/…$/, ''));
      expect(shown).toEqual(titleWords.slice(0, shown.length));
      expect(shown.length).toBeGreaterThan(2);
    }
  });

  it('a title that fits is printed whole, without "…"', async () => {
    const { pages } = await make('calcudoku', { size: '6' }, { count: 1, largePrint: true, title: 'Year 4 Maple Class', answers: 'none' }, 'lp-short');
    const words = pages.flatMap((p) => p.words.map((w) => w.text));
    expect(words.some((w) => w.includes('…'))).toBe(false);
    expect(words.filter((w) => w === 'Maple').length).toBeGreaterThanOrEqual(2);
  });
});
