import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'pp-labels-'));

interface Word { x0: number; y0: number; x1: number; y1: number; text: string }

function words(file: string): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]), text: m[5]!,
  }));
}

describe('a puzzle number and code sit on their grid', () => {
  // Two 4x4 puzzles side by side leave tall slots: the label used to stay at the slot's top, far above the grid.
  for (const args of [['--layout', '2x1'], ['--layout', '1x2'], []]) {
    it(`calcudoku 4x4, two puzzles ${args.join(' ') || 'default layout'}: each code within 25 pt above its grid's first clue`, () => {
      const out = join(dir, `c${args.join('')}.pdf`);
      expect(cli(['calcudoku', '--size', '4', '--count', '2', '--seed', 'w', '--no-example', ...args, '--out', out]).code).toBe(0);
      const all = words(out);
      // Each code is printed above its grid and again in the footer's list: the labels are the upper two.
      const codes = all.filter((w) => /^K4[A-Z0-9]+-[A-Z0-9]{8,}$/.test(w.text)).sort((a, b) => a.y0 - b.y0).slice(0, 2);
      expect(codes.length).toBe(2);
      for (const c of codes) {
        // The grid's clues are below the code and no further right than it (the code ends at the grid's right edge).
        const below = all.filter((w) => w.y0 > c.y0 + 2 && w.x1 <= c.x1 + 1 && w.x0 >= c.x1 - 400 && /^\d+\D?$/.test(w.text));
        const gap = Math.min(...below.map((w) => w.y0)) - c.y1;
        expect(gap).toBeLessThan(25);
      }
    }, 60_000);
  }
});
