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
 * A pupils' page of many small puzzles printed its footer's list of codes shrunk to fit one line:
 * 16 Flow 5x5 or Calcudoku 4x4 a page put "1: F5x5m-..." at under 4 pt. Every word on a worksheet
 * is 7 pt or more; each puzzle's code stays readable above its puzzle.
 */
const dir = mkdtempSync(join(tmpdir(), 'pp-sheet-codes-'));

/** Andika's word boxes are 1.61 of the size tall (pdftotext boxes a word by ascent and descent). */
const sizeOf = (w: Word) => (w.y1 - w.y0) / 1.61;

async function sheets(kind: string, raw: Record<string, unknown>) {
  const k = findKind(kind)!;
  const common = parseCommon({ count: 14, seed: 'sheet-codes', layout: '4x4', answers: 'none' });
  const plan = planSheets(k, parseKindOptions(k, raw), common, 'sheet-codes', new Templates());
  const file = join(dir, `${kind}.pdf`);
  writeFileSync(file, await renderToBuffer(plan.main, { paper: 'a4', templates: new Templates(), meta: plan.meta }));
  return { codes: plan.items.map((it) => it.code), pages: readPages(file) };
}

describe("a worksheet's list of codes", () => {
  for (const [kind, raw] of [['flow', { size: '5' }], ['calcudoku', { size: '4' }]] as const) {
    it(`${kind}, 4x4 a page: never under 7 pt, every code readable on its page`, async () => {
      const { codes, pages } = await sheets(kind, raw);
      const seen = new Set<string>();
      let crowded = 0;
      let lists = 0;
      for (const p of pages) {
        const list = p.words.filter((w) => /^\d+:$/.test(w.text));
        for (const w of list) expect(sizeOf(w), `${w.text} in the footer's list`).toBeGreaterThanOrEqual(7 - 0.1);
        if (list.length) lists++;
        const onPage = p.words.filter((w) => codes.includes(w.text));
        for (const w of onPage) expect(sizeOf(w), w.text).toBeGreaterThanOrEqual(7 - 0.1);
        for (const w of onPage) seen.add(w.text);
        if (new Set(onPage.map((w) => w.text)).size >= 12) crowded++;
      }
      expect([...seen].sort()).toEqual([...codes].sort());
      // a page of 12 or more puzzles is the case; the last page's few codes fit one line at 7.5 pt
      expect(crowded).toBeGreaterThan(0);
      expect(lists).toBeGreaterThan(0);
    });
  }
});
