import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';

/** The last line of every page of a PDF, as pdftotext lays it out. */
function footers(file: string): string[] {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((p) => p.trim())
    .map((p) => p.trim().split('\n').at(-1)!.trim().replace(/\s+/g, ' '));
}

describe('a Dobble deck printed alone', () => {
  for (const extra of [[], ['--symbols-per-card', '4', '--paper', 'letter']]) {
    it(`every page's footer names the deck and its code, the word list and ways to play as the cards${extra.length ? ` (${extra.join(' ')})` : ''}`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'pp-dobble-foot-'));
      const file = join(dir, 'd.pdf');
      const json = join(dir, 'd.json');
      expect(cli(['dobble', '--seed', 'foot', ...extra, '--out', file, '--json', json]).code).toBe(0);
      const { code } = JSON.parse(readFileSync(json, 'utf8')) as { code: string };
      expect(code).toMatch(/^D\w+-\w{6,}$/);
      const all = footers(file);
      expect(all.length).toBeGreaterThan(3);
      const first = all[0]!.replace(/ Page \d+ of \d+$/, '');
      expect(first).toMatch(/^Dobble · \d+ cards · \d+ symbols a card /);
      expect(first.endsWith(` ${code}`)).toBe(true);
      all.forEach((f, i) => expect(f, `page ${i + 1}`).toBe(`${first} Page ${i + 1} of ${all.length}`));
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toMatch(/Ways to play/);
      // "the most cards wins" was the rules' grammar
      expect(text).not.toMatch(/runs out, the most cards wins/);
    }, 120_000);
  }
});
