import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchSetup, InThreadRunner, parsePlanText, runBatchCore } from '../src/index.js';
import { readPages } from './helpers/pdf-words.js';

/**
 * A crowded cover (a folded large print booklet in French, its answers and cards in files of their
 * own) read back with pdftotext -bbox: the files' names are whole words, never "Year-4-class-set-" /
 * "answers.pdf", and the contents' heading stays clear of the name line.
 */
const dir = mkdtempSync(join(tmpdir(), 'pp-cover-'));
const PLAN = `title: Year 4 class set
seed: cover
lang: fr
large-print: true
answers: separate
worksheets:
  - kind: calcudoku
    size: 4
    count: 4
  - kind: flow
    size: 6
    count: 4
  - kind: fultiples
    size: 6
    task: [multiples:3, next]
  - kind: spot-match
    count: 4
  - kind: dobble
    symbols-per-card: 8
    cards: 6
`;

async function booklet() {
  const setup = batchSetup(parsePlanText(PLAN, 'cover.yaml'), 'cover', 'cover.yaml', true);
  const files = new Map<string, Uint8Array>();
  await runBatchCore(setup, new InThreadRunner(setup), { file: async (name, bytes) => void files.set(name, bytes) });
  const file = join(dir, 'booklet.pdf');
  writeFileSync(file, files.get('Year-4-class-set.pdf')!);
  return readPages(file);
}

describe('a crowded booklet cover', () => {
  it('names its files in whole words, keeps codes whole, and its heading off the name line', async () => {
    const pages = await booklet();
    const cover = pages[0]!.words.filter((w) => w.x0 > pages[0]!.w / 2); // page 1 is the sheet's right half
    const texts = cover.map((w) => w.text);
    expect(texts).toContain('Year-4-class-set-answers.pdf.');
    expect(texts).toContain('Year-4-class-set-cards.pdf,');
    // nowhere in the booklet is a file name or a code (the deck's, in its legend) cut at a hyphen
    for (const p of pages) {
      p.words.forEach((w, i) => {
        const next = p.words[i + 1];
        if (w.text.endsWith('-') && next) expect(`${w.text}${next.text}`).not.toMatch(/\.pdf|^\(?[A-Z0-9][A-Za-z0-9]*-[A-Z0-9]{8,}/);
      });
    }
    // pdftotext boxes a word from its ascent to its descent: the heading's box clear of the name line's
    const name = cover.find((w) => w.text === 'Nom')!; // 'Nom :', its colon after a no-break space
    const heading = cover.find((w) => w.text === 'Sommaire')!;
    expect(heading.y0 - name.y1).toBeGreaterThan(0);
  }, 60_000);
});
