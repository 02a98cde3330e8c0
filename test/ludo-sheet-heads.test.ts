import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';

/** The pages of a PDF as pdftotext lays them out, one string each. */
function pages(file: string): string[] {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').filter((p) => p.trim());
}

const WORKSHEETS = ['Where does it land?', 'Every way to 120', 'Squares you can never land on', 'Replay a game'];

describe("the top of a Ludo pupil's page", () => {
  for (const extra of [[], ['--large-print'], ['--count', '2']]) {
    it(`one number a question, and a line under the heading about that page${extra.length ? ` (${extra.join(' ')})` : ''}`, () => {
      const file = join(mkdtempSync(join(tmpdir(), 'pp-ludo-heads-')), 'l.pdf');
      expect(cli(['ludo', '--seed', 'heads', ...extra, '--out', file]).code).toBe(0);
      const all = pages(file);
      const pupils = all.filter((p) => !p.trimStart().startsWith('Answer key'));
      // board, rules, two record pages, four worksheets (the replay's questions beside its table)
      expect(pupils.length).toBeGreaterThanOrEqual(8);
      const seen = new Set<string>();
      for (const page of pupils) {
        const lines = page.split('\n').map((l) => l.trim()).filter(Boolean);
        // the summary of the printout is not a child's business
        expect(page).not.toMatch(/game pages and|\d worksheets/);
        const heading = lines[0]!;
        if (!WORKSHEETS.includes(heading)) continue;
        seen.add(heading);
        expect(lines[1], heading).toBe('Multiplication Ludo');
        // the set's code stands alone on its line, above the sheet and in the footer: no "1" beside it
        const codes = lines.filter((l) => /\bL[A-Z0-9]+-[A-Z0-9]{6,}\b/.test(l));
        expect(codes.length, heading).toBeGreaterThanOrEqual(1);
        for (const l of codes) expect(l, heading).toMatch(/^(L[A-Z0-9]+-[A-Z0-9]{6,}\s*)+$/);
      }
      expect([...seen].sort()).toEqual([...WORKSHEETS].sort());
      // the questions keep their numbers
      expect(pupils.join('\n')).toMatch(/^\s*1\. Every way to 120/m);
    }, 120_000);
  }
});
