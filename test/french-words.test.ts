import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommon, parseKindOptions } from '../src/core/options.js';
import { findKind, KINDS } from '../src/kinds/index.js';
import { planSheets } from '../src/make.js';
import { Templates } from '../src/layout/templates.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { batchSetup, InThreadRunner, parsePlanText, runBatchCore } from '../src/index.js';

/**
 * The printed words as a reader meets them, read back with pdftotext: French print has the
 * typographic apostrophe (l’image, not l'image) and speaks to the child as "tu" throughout (rules
 * said "Retournez vos cartes" and then "Trouve ... ta carte"); English rolls "the dice".
 */
const dir = mkdtempSync(join(tmpdir(), 'pp-words-'));
const OPTIONS: Record<string, Record<string, unknown>> = { fultiples: { task: ['multiples:3', 'next'] }, ludo: {} };

async function textOf(kind: string, lang: string): Promise<string> {
  const k = findKind(kind)!;
  const plan = planSheets(k, parseKindOptions(k, OPTIONS[kind] ?? {}), parseCommon({ count: 1, seed: 'words', lang }), 'words', new Templates());
  const file = join(dir, `${kind}-${lang}.pdf`);
  writeFileSync(file, await renderToBuffer(plan.main, { paper: 'a4', templates: new Templates(), meta: plan.meta }));
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

// "vous" and its plural imperatives; French words that only end like one
const VOUS = /\b(vous|votre|vos)\b|\b[a-zàâçéèêëîïôûùüÿ]+ez\b/gi;
const NOT_VOUS = new Set(['assez', 'chez', 'nez']);

describe('printed words', () => {
  for (const kind of KINDS.map((k) => k.name)) {
    it(`${kind} in French: typographic apostrophes, and "tu" to the pupil`, async () => {
      const text = await textOf(kind, 'fr');
      expect(text).not.toMatch(/\p{L}'\p{L}/u);
      expect((text.match(VOUS) ?? []).filter((w) => !NOT_VOUS.has(w.toLowerCase()))).toEqual([]);
    });
  }

  it('a French booklet\'s cover names its cards\' file without "vous", with typographic apostrophes', async () => {
    const plan = 'title: Semaine 3\nseed: w\nlang: fr\nworksheets:\n  - kind: calcudoku\n    size: 4\n    count: 1\n  - kind: dobble\n';
    const setup = batchSetup(parsePlanText(plan, 'w.yaml'), 'w', 'w.yaml', true);
    const files = new Map<string, Uint8Array>();
    await runBatchCore(setup, new InThreadRunner(setup), { file: async (name, bytes) => void files.set(name, bytes) });
    const file = join(dir, 'booklet.pdf');
    writeFileSync(file, files.get('Semaine-3.pdf')!);
    const cover = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(cover).toContain('Semaine-3-cards.pdf');
    expect((cover.match(VOUS) ?? []).filter((w) => !NOT_VOUS.has(w.toLowerCase()))).toEqual([]);
  });

  it('English rolls "the dice" (not "a dice") and has "one die"', async () => {
    for (const kind of ['fultiples', 'ludo']) {
      const text = await textOf(kind, 'en');
      expect(text).not.toMatch(/\b(a|one) dice\b/i);
      expect(text).toMatch(/\b(the dice|a die|one die)\b/i);
    }
  });
});

describe('symbol names', () => {
  it('the one die picture is called "die" in English', async () => {
    const { messages } = await import('../src/i18n/messages.js');
    const { symbolName } = await import('../src/kinds/dobble/names.js');
    expect(symbolName(messages('en'), { kind: 'icon', icon: 'game-die', name: 'dice' } as never)).toBe('die');
  });
});
