import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommon, parseKindOptions } from '../src/core/options.js';
import { findKind } from '../src/kinds/index.js';
import { planSheets } from '../src/make.js';
import { Templates } from '../src/layout/templates.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { readPages } from './helpers/pdf-words.js';

/**
 * A puzzle's code is printed once on its page: above the puzzle, where normal print has it and the
 * key shows it. Large print printed it again in the footer ("1: K6MF-..."), at 16 pt.
 */
const dir = mkdtempSync(join(tmpdir(), 'pp-lp-codes-'));

async function pages(kind: string, raw: Record<string, unknown>, largePrint: boolean) {
  const k = findKind(kind)!;
  const plan = planSheets(k, parseKindOptions(k, raw), parseCommon({ count: 3, seed: 'codes', largePrint, answers: 'none' }), 'codes', new Templates());
  const file = join(dir, `${kind}-${largePrint}.pdf`);
  writeFileSync(file, await renderToBuffer(plan.main, { paper: 'a4', templates: new Templates(), meta: plan.meta }));
  return { codes: plan.items.map((it) => it.code), pages: readPages(file) };
}

describe('each puzzle code once on its page', () => {
  for (const [kind, raw] of [['calcudoku', { size: '6' }], ['flow', { size: '8' }]] as const) {
    it(`${kind}, large print: once, above its puzzle, none in the footer`, async () => {
      const { codes, pages: ps } = await pages(kind, raw, true);
      let seen = 0;
      for (const p of ps) {
        const onPage = p.words.filter((w) => codes.some((c) => w.text.endsWith(c)));
        for (const c of codes) expect(onPage.filter((w) => w.text.endsWith(c)).length).toBeLessThanOrEqual(1);
        if (!onPage.length) continue;
        seen += onPage.length;
        // the footer is the page's lowest line (its page number); the code is far above it, over the grid
        const lowest = Math.max(...p.words.map((w) => w.y1));
        for (const w of onPage) expect(w.y1).toBeLessThan(lowest - 100);
      }
      expect(seen).toBe(codes.length);
    });
  }

  it('normal print keeps both: each code above its puzzle and the page\'s list in the footer', async () => {
    const { codes, pages: ps } = await pages('calcudoku', { size: '6' }, false);
    const words = ps.flatMap((p) => p.words);
    for (const c of codes) expect(words.filter((w) => w.text.endsWith(c))).toHaveLength(2);
  });
});
