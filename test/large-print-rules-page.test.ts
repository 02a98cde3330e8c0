import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { readPages } from './helpers/pdf-words.js';

/**
 * Large print's rules at 16 pt take much of a booklet's half page (more in French or German than in
 * English): where they leave no room for even one puzzle, they take a page of their own and the
 * puzzles follow, one to a page, rather than the booklet being refused. A puzzle that does not fit
 * even a page of its own is still refused, in one line.
 */

interface Manifest { worksheets: { codes: string[] }[] }

function batch(plan: string): { code: number; stderr: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pp-lp-rules-'));
  writeFileSync(join(dir, 'plan.yaml'), plan);
  const r = cli(['batch', join(dir, 'plan.yaml'), '--booklet', '--workers', '1', '--out', join(dir, 'out')], dir);
  return { code: r.code, stderr: r.stderr, out: join(dir, 'out') };
}

/** The booklet's half pages, each as its words in reading order, without the footer's page line. */
function halfPages(file: string): string[] {
  return readPages(file).flatMap((p) =>
    [0, 1].map((side) => p.words.filter((w) => (w.x0 + w.x1) / 2 < p.w / 2 === (side === 0)).sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0).map((w) => w.text).join(' ')),
  );
}

const words = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('a large-print booklet whose rules leave no room for a puzzle', () => {
  for (const [lang, rules] of [
    ['fr', 'Remplis chaque ligne et chaque colonne avec les nombres de 1 à 4'],
    ['de', 'Trage in jede Zeile und jede Spalte die Zahlen von 1 bis 4 ein'],
  ] as const) {
    it(`${lang}: a 4x4 Calcudoku prints, its rules on a page of their own`, () => {
      const r = batch(`title: Week 3\nseed: lp\npaper: a4\nlarge-print: true\nlang: ${lang}\nworksheets:\n  - kind: calcudoku\n    size: 4\n    count: 2\n`);
      expect(r.code, r.stderr).toBe(0);
      const codes = (JSON.parse(readFileSync(join(r.out, 'manifest.json'), 'utf8')) as Manifest).worksheets[0]!.codes;
      const pages = halfPages(join(r.out, 'Week-3.pdf'));
      const rulesAt = pages.findIndex((p) => words(p).includes(rules));
      expect(rulesAt, pages.join('\n')).toBeGreaterThanOrEqual(0);
      // the rules' page holds no puzzle; each puzzle is on a page of its own
      for (const c of codes) expect(pages[rulesAt]).not.toContain(c);
      const puzzlePages = codes.map((c) => pages.findIndex((p) => p.includes(c)));
      for (const [k, at] of puzzlePages.entries()) expect(at, codes[k]).toBeGreaterThanOrEqual(0);
      expect(new Set(puzzlePages).size).toBe(codes.length);
    }, 120_000);
  }

  it('the web page\'s class set (Calcudoku 6x6 and Flow 8x8, four each) makes a large-print booklet with every puzzle', () => {
    const r = batch(`title: Maths puzzles\nseed: lp\npaper: a4\nanswers: separate\nlarge-print: true\nworksheets:\n  - kind: calcudoku\n    size: 6\n    difficulty: medium\n    count: 4\n  - kind: flow\n    size: 8\n    count: 4\n`);
    expect(r.code, r.stderr).toBe(0);
    const codes = (JSON.parse(readFileSync(join(r.out, 'manifest.json'), 'utf8')) as Manifest).worksheets.flatMap((w) => w.codes);
    const text = halfPages(join(r.out, 'Maths-puzzles.pdf')).join('\n');
    expect(codes).toHaveLength(8);
    for (const c of codes) expect(text).toContain(c);
    expect(words(text)).toContain('Fill each row and each column with the numbers 1 to 6');
  }, 120_000);

  it('refuses, in one line, a puzzle too big for a half page even without its rules', () => {
    const r = batch(`title: Week 3\nseed: lp\npaper: a4\nlarge-print: true\nworksheets:\n  - kind: calcudoku\n    size: 9\n    count: 1\n`);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/large print: a 9x9 puzzle does not fit on a booklet's half page with its numbers in large print; choose a smaller size, print the booklet unfolded, or leave out large print/);
  }, 60_000);
});
