import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { readPages, type Page, type Word } from './helpers/pdf-words.js';

/**
 * A folded booklet read back as a reader sees it: on every half page, no word of the page's own
 * content reaches down into the footer (the line of codes and the "Page N of M" line) or below it.
 */


const CODE = /^(\d+:)?[A-Z][A-Za-z0-9]*-[A-Z0-9]{6,}$|^\d+:$/;
// a code's number beside it on its row: '1:' in English, '1' and ':' in French ('1 : K6MF-...')
const NUMBER = /^(\d+:?|:)$/;
const sameRow = (a: Word, b: Word) => Math.abs(a.y0 - b.y0) < 1 && Math.abs(a.y1 - a.y0 - (b.y1 - b.y0)) < 0.6;

/** Words of one half page that are not its footer's yet reach its footer's top, each described. */
function intoFooter(words: Word[], where: string, of: string): string[] {
  const number = words.find((w, i) => w.text === 'Page' && /^\d+$/.test(words[i + 1]?.text ?? '') && words[i + 2]?.text === of);
  if (!number) return words.length ? [`${where}: no "Page N of M" line`] : [];
  const row = words.filter((w) => sameRow(w, number));
  // the centred lines of puzzle codes just above the page number, when the page has them (an
  // answer key's long list takes several, each right above the next)
  const h = number.y1 - number.y0;
  const footer = new Set(row);
  let top = Math.min(...row.map((w) => w.y0));
  for (;;) {
    const near = words.filter((w) => !footer.has(w) && CODE.test(w.text) && w.y0 < top - 1 && w.y0 > top - 3 * h);
    if (!near.length) break;
    const code = near.reduce((a, b) => (b.y0 > a.y0 ? b : a)); // the lowest line first
    for (const w of words) if (sameRow(w, code) && (CODE.test(w.text) || NUMBER.test(w.text))) footer.add(w);
    top = Math.min(top, code.y0);
  }
  return words.filter((w) => !footer.has(w) && w.y1 > top + 0.3).map((w) => `${where}: "${w.text}" reaches ${w.y1.toFixed(1)}, the footer starts at ${top.toFixed(1)}`);
}

// Large print takes the sizes whose clues can be 16 pt on a half page, and no Ludo, which is refused there.
const PLAN = (paper: string, large: boolean, lang: string) => `title: Class set
seed: review
paper: ${paper}
lang: ${lang}
${large ? 'large-print: true\n' : ''}worksheets:
  - kind: calcudoku
${large ? '    size: 4\n' : ''}  - kind: flow
${large ? '    size: 6\n' : ''}  - kind: dobble
${large ? '' : '  - kind: ludo\n'}  - kind: fultiples
  - kind: spot-match
`;

describe('a folded booklet of every kind keeps its pages above their footers', () => {
  // French words are longer: a French Letter booklet's Fultiples caption once sat in its footer
  for (const [paper, large, lang] of [['a4', false, 'en'], ['letter', false, 'en'], ['a4', true, 'en'], ['letter', true, 'en'], ['letter', true, 'fr']] as const) {
    const of = lang === 'fr' ? 'sur' : 'of';
    it(`${paper}${large ? ', large print' : ''}${lang === 'en' ? '' : `, ${lang}`}: no word of a page runs into its footer or below it, and the cards to cut out are in a file of their own`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'pp-footers-'));
      writeFileSync(join(dir, 'plan.yaml'), PLAN(paper, large, lang));
      const r = cli(['batch', join(dir, 'plan.yaml'), '--booklet', '--workers', '1', '--out', join(dir, 'out')], dir);
      expect(r.code, r.stderr).toBe(0);
      const pages = readPages(join(dir, 'out', 'Class-set.pdf'));
      expect(pages.length).toBeGreaterThan(10);
      const problems: string[] = [];
      const numbers: number[] = [];
      let total = 0;
      let halves = 0;
      const deckPages: string[] = []; // the heading of each half page whose footer names the deck
      pages.forEach((p, i) => {
        for (const side of [0, 1]) {
          const words = p.words.filter((w) => (w.x0 + w.x1) / 2 < p.w / 2 === (side === 0));
          if (words.length) halves++;
          const at = words.findIndex((w, k) => w.text === 'Page' && words[k + 2]?.text === of);
          if (at >= 0) {
            numbers.push(Number(words[at + 1]!.text));
            total = Number(words[at + 3]!.text);
          }
          problems.push(...intoFooter(words, `sheet ${i + 1} ${side ? 'right' : 'left'}`, of));
          const foot = words.find((w) => w.text === 'Page');
          if (foot && words.some((w) => sameRow(w, foot) && w.text === 'Dobble')) {
            const top = Math.min(...words.map((w) => w.y0));
            deckPages.push(words.filter((w) => w.y0 < top + 1).map((w) => w.text).join(' '));
          }
        }
      });
      expect(halves).toBeGreaterThan(2 * pages.length - 4);
      expect(problems).toEqual([]);
      // every page numbered once: a text run past a page's foot would have made a page of its own.
      // Only a blank page has no number: one put in so that large print's rules, on a page of their
      // own, face their puzzles (booklet-spreads.test.ts).
      const missing = Array.from({ length: total }, (_, k) => k + 1).filter((k) => !numbers.includes(k));
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(numbers.every((k) => k >= 1 && k <= total)).toBe(true);
      expect(missing.length).toBeLessThanOrEqual(large ? 2 * pages.length - halves : 0);

      // Dobble's cards are cut out: none in the fold (a card page's footer names the deck, as do the
      // word list's and the ways to play's, which stay, large print aside), all in a file of their own
      // on whole sheets
      expect(deckPages.length > 0).toBe(!large);
      for (const h of deckPages) expect(h).toMatch(/^(Symbols|Word list|Ways to play)\b/);
      const manifest = JSON.parse(readFileSync(join(dir, 'out', 'manifest.json'), 'utf8')) as { files: { file: string; pages: number }[]; worksheets: { kind: string; codes: string[] }[] };
      const cards = manifest.files.find((f) => f.file === 'Class-set-cards.pdf')!;
      expect(cards).toBeDefined();
      const info = execFileSync('pdfinfo', [join(dir, 'out', cards.file)], { encoding: 'utf8' });
      expect(info).toMatch(paper === 'a4' ? /Page size:\s+595\.28 x 841\.89/ : /Page size:\s+612 x 792/);
      const deck = manifest.worksheets.find((w) => w.kind === 'dobble')!.codes[0]!;
      const cardPages = readPages(join(dir, 'out', cards.file));
      expect(cardPages.length).toBe(cards.pages);
      expect(cardPages.length).toBeGreaterThanOrEqual(Math.ceil(57 / 9)); // the whole deck, nine cards a page at most
      for (const p of cardPages) expect(p.words.map((w) => w.text)).toContain(deck);
    }, 180_000);
  }

  it('large print: Multiplication Ludo is refused in one line saying what to do, and nothing is written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-footers-'));
    writeFileSync(join(dir, 'plan.yaml'), 'title: Class set\nlarge-print: true\nworksheets:\n  - kind: ludo\n');
    const r = cli(['batch', join(dir, 'plan.yaml'), '--booklet', '--workers', '1', '--out', join(dir, 'out')], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/print the booklet unfolded, or leave out large print/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
    // unfolded, the same plan is made
    expect(cli(['batch', join(dir, 'plan.yaml'), '--workers', '1', '--out', join(dir, 'flat')], dir).code).toBe(0);
  }, 120_000);
});
