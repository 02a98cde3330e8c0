import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';

/**
 * A folded booklet keeps Dobble's cards in a file of their own: its first page, where it says what
 * it holds, names that file, so the teacher knows there is one more file to print.
 */

const plan = (title: string, kinds: string[]) => `title: ${title}
seed: note
paper: a4
worksheets:
${kinds.map((k) => `  - kind: ${k}\n${k === 'calcudoku' ? '    size: 4\n    count: 1\n' : ''}`).join('')}`;

function firstPage(file: string): string {
  return execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

function make(title: string, kinds: string[], folded: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'pp-note-'));
  writeFileSync(join(dir, 'plan.yaml'), plan(title, kinds));
  const r = cli(['batch', join(dir, 'plan.yaml'), '--workers', '1', '--out', join(dir, 'out'), ...(folded ? ['--booklet'] : [])], dir);
  expect(r.code, r.stderr).toBe(0);
  return join(dir, 'out');
}

describe('a booklet whose cards are a file of their own', () => {
  it('names that file on its first page, in plain words', () => {
    const out = make('Week 3', ['calcudoku', 'dobble'], true);
    expect(existsSync(join(out, 'Week-3-cards.pdf'))).toBe(true);
    expect(firstPage(join(out, 'Week-3.pdf'))).toContain('The cards are in Week-3-cards.pdf: print them on card and cut them out.');
  }, 120_000);

  it('says nothing of cards when they are inside it or there are none', () => {
    const flat = make('Week 3', ['calcudoku', 'dobble'], false);
    expect(existsSync(join(flat, 'Week-3-cards.pdf'))).toBe(false);
    expect(firstPage(join(flat, 'Week-3.pdf'))).not.toMatch(/cards are in/i);
    const none = make('Week 3', ['calcudoku'], true);
    expect(firstPage(join(none, 'Week-3.pdf'))).not.toMatch(/cards are in/i);
  }, 120_000);
});
