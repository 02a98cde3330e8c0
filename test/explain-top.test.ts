import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { readPages, type Word } from './helpers/pdf-words.js';

/**
 * A worked solution starts right under its puzzle's number and code, as a puzzle does on the
 * answer key: the room for that label was once kept twice, leaving a band of about 16 pt empty
 * above the first sentence of every solution page.
 */

/** How far below the bottom of a code's label row the first thing under it starts. */
function gapUnder(words: Word[], code: string): number {
  const label = words.find((w) => w.text === code)!;
  expect(label, code).toBeDefined();
  const below = words.filter((w) => w.y0 > label.y1 - 1);
  return Math.min(...below.map((w) => w.y0)) - label.y1;
}

describe('worked solutions start where the answer key\'s puzzles start', () => {
  for (const [kind, args] of [
    ['calcudoku', ['--size', '6', '--difficulty', 'hard']],
    ['flow', ['--size', '7']],
  ] as const) {
    it(kind, () => {
      const dir = mkdtempSync(join(tmpdir(), 'pp-top-'));
      const out = join(dir, 'x.pdf');
      const json = join(dir, 'x.json');
      const r = cli([kind, ...args, '--count', '1', '--explain', '--seed', 'top', '--out', out, '--json', json]);
      expect(r.code, r.stderr).toBe(0);
      const pages = readPages(out).map((p) => p.words);
      const code = (JSON.parse(readFileSync(json, 'utf8')) as { puzzles: { code: string }[] }).puzzles[0]!.code;
      const answer = pages.findIndex((ws) => ws.some((w) => w.text === 'Answer'));
      const solution = pages.findIndex((ws) => ws.some((w) => w.text === 'Worked'));
      expect(answer).toBeGreaterThan(0);
      expect(solution).toBeGreaterThan(answer);
      const key = gapUnder(pages[answer]!, code);
      const worked = gapUnder(pages[solution]!, code);
      expect(key).toBeGreaterThanOrEqual(0);
      expect(key).toBeLessThan(6);
      expect(Math.abs(worked - key), `${worked} under the label on the solution page, ${key} on the key`).toBeLessThan(4);
    }, 60_000);
  }
});
