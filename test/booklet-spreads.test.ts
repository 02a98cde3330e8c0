import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { readPages } from './helpers/pdf-words.js';

/**
 * A folded booklet is read in spreads: page 1, the cover, is a right-hand page; after it each even
 * page is on the left and faces the odd page after it. A worksheet whose rules take a page of their
 * own (large print) must have that page on the left, facing its first puzzles, not on the right
 * facing the last page of the worksheet before.
 */

interface Manifest { worksheets: { kind: string; codes: string[]; firstPage: number }[] }

function batch(plan: string): { file: string; manifest: Manifest } {
  const dir = mkdtempSync(join(tmpdir(), 'pp-spreads-'));
  writeFileSync(join(dir, 'plan.yaml'), plan);
  const r = cli(['batch', join(dir, 'plan.yaml'), '--booklet', '--workers', '1', '--out', join(dir, 'out')], dir);
  expect(r.code, r.stderr).toBe(0);
  const out = join(dir, 'out');
  return { file: join(out, 'Semaine-3.pdf'), manifest: JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest };
}

/**
 * The booklet's pages in reading order, 1-based (index 0 unused), as its printed sheets hold them:
 * a stack of sheets printed on both sides and folded in the middle. The outermost sheet's front has
 * the last page on the left and page 1 on the right, its back pages 2 and n - 1; each sheet inside
 * holds the next two pages from each end.
 */
function readingOrder(file: string): string[] {
  const sides = readPages(file).map((p) =>
    [0, 1].map((half) =>
      p.words
        .filter((w) => (w.x0 + w.x1) / 2 < p.w / 2 === (half === 0))
        .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)
        .map((w) => w.text)
        .join(' '),
    ),
  );
  const n = sides.length * 2;
  const pages: string[] = new Array(n + 1).fill('');
  sides.forEach(([left, right], s) => {
    const k = Math.floor(s / 2);
    const [l, r] = s % 2 === 0 ? [n - 2 * k, 2 * k + 1] : [2 * k + 2, n - 2 * k - 1];
    pages[l] = left!;
    pages[r] = right!;
  });
  return pages;
}

const PLAN = (calcudokus: number) =>
  `title: Semaine 3\nseed: spreads\npaper: a4\nlang: fr\nlarge-print: true\nworksheets:\n  - kind: calcudoku\n    size: 4\n    count: ${calcudokus}\n  - kind: flow\n    size: 6\n    count: 3\n`;
const RULES = { calcudoku: 'Remplis chaque ligne et chaque colonne', flow: 'Relie chaque paire de nombres identiques' };

describe('a folded booklet mixing kinds', () => {
  for (const calcudokus of [3, 4]) {
    it(`each kind's rules page is a left page facing its first puzzle (Calcudoku x${calcudokus}, then Flow)`, () => {
      const { file, manifest } = batch(PLAN(calcudokus));
      const pages = readingOrder(file);
      // each page carries its printed number: the fold above and the footers agree
      pages.forEach((text, p) => {
        if (p > 0 && text) expect(text, `page ${p}`).toMatch(new RegExp(`Page ${p} sur \\d+`));
      });
      expect(pages[1]).toContain('Sommaire');
      for (const w of manifest.worksheets) {
        const rules = RULES[w.kind as keyof typeof RULES];
        const at = pages.findIndex((t, p) => p > 0 && t.includes(rules));
        expect(at, `${w.kind}: ${pages.join('\n')}`).toBeGreaterThan(1);
        expect(pages[at]).not.toContain(w.codes[0]!); // the rules alone on their page
        expect(at % 2, `${w.kind}'s rules on page ${at}`).toBe(0);
        expect(pages[at + 1], `${w.kind}'s first puzzle faces its rules`).toContain(w.codes[0]!);
        expect(w.firstPage).toBe(at); // the contents and manifest name the rules' page
        expect(pages[1]).toContain(`page ${at}`);
      }
    }, 120_000);
  }

});
