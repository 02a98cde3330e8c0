import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { readPages, type Word } from './helpers/pdf-words.js';

const MM = 72 / 25.4;

/**
 * Under each number of a products-of-primes sheet, the room down to its "12 = ....." line, in mm,
 * as poppler reads the printed page: each label "N =" and the big N above it in the same box.
 */
function treeRooms(file: string): number[] {
  const rooms: number[] = [];
  for (const page of readPages(file)) {
    // the pupils' pages, not the key's "12 = 2 × 2 × 3" lines
    if (!page.words.some((w) => w.text === 'Draw')) continue;
    const words = page.words;
    words.forEach((label: Word, i) => {
      if (!/^\d+$/.test(label.text) || words[i + 1]?.text !== '=') return;
      if (words[i + 3]?.text === '×') return; // the instructions' "for example 12 = 2 × 2 × 3"

      const h = label.y1 - label.y0;
      const above = words.filter((n) => n.text === label.text && n.y1 - n.y0 > h * 1.3 && n.y1 <= label.y1 && n.x1 > label.x0 && n.x0 < label.x0 + 80 * MM);
      expect(above, `the number ${label.text} over its line`).toHaveLength(1);
      rooms.push((label.y0 - above[0]!.y1) / MM);
    });
  }
  return rooms;
}

describe('fultiples products of primes: room for a tree', () => {
  it('leaves at least 20 mm under each number on a page, a booklet\'s half page, and in large print', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-trees-'));
    const plan = (large: boolean) => `title: Trees\nseed: trees\n${large ? 'large-print: true\n' : ''}worksheets:\n  - kind: fultiples\n    task: [primes]\n`;
    writeFileSync(join(dir, 'plan.yaml'), plan(false));
    writeFileSync(join(dir, 'large.yaml'), plan(true));
    const runs: [string, string[], string][] = [
      ['a page', ['fultiples', '--seed', 'trees', '--task', 'primes', '--out', 'page.pdf'], 'page.pdf'],
      ['a page in large print', ['fultiples', '--seed', 'trees', '--task', 'primes', '--large-print', '--out', 'large.pdf'], 'large.pdf'],
      ['a folded booklet', ['batch', 'plan.yaml', '--booklet', '--workers', '1', '--out', 'folded'], 'folded/Trees.pdf'],
      ['a folded booklet in large print', ['batch', 'large.yaml', '--booklet', '--workers', '1', '--out', 'folded-large'], 'folded-large/Trees.pdf'],
    ];
    for (const [what, args, file] of runs) {
      expect(cli(args, dir).code, what).toBe(0);
      const rooms = treeRooms(join(dir, file));
      // every number of the sheet (12 to 16), each with its tree's room
      expect(rooms.length, what).toBeGreaterThanOrEqual(12);
      expect(Math.min(...rooms), what).toBeGreaterThanOrEqual(20);
    }
  }, 120_000);
});
