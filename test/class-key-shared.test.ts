import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';

/**
 * A class's answer key read back as the teacher reads it: a page that is the same for every pupil
 * (Ludo's teacher's board) is printed once, and each pupil's own answers are still all there.
 */

const PUPILS = ['Ava', 'Ben', 'Chloe', 'Dan', 'Eve'];

const PLAN = `title: Week 3
seed: shared
paper: a4
pupils: [${PUPILS.join(', ')}]
worksheets:
  - kind: calcudoku
    size: 4
    difficulty: easy
    count: 2
  - kind: ludo
`;

interface Manifest {
  files: { file: string; pages: number }[];
  pupils: { name: string; worksheets: { kind: string; codes: string[] }[] }[];
}

function pageTexts(file: string): string[] {
  const n = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  return Array.from({ length: n }, (_, i) => execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }));
}

describe('a class key', () => {
  it('prints a page that is the same for every pupil once, headed so, and every pupil\'s own answers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-shared-'));
    writeFileSync(join(dir, 'plan.yaml'), PLAN);
    for (const workers of ['1', '2']) {
      const r = cli(['batch', join(dir, 'plan.yaml'), '--workers', workers, '--out', join(dir, `out${workers}`)], dir);
      expect(r.code, r.stderr).toBe(0);
    }
    const key = join(dir, 'out1', 'answer-key.pdf');
    expect(readFileSync(key).equals(readFileSync(join(dir, 'out2', 'answer-key.pdf')))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dir, 'out1', 'manifest.json'), 'utf8')) as Manifest;
    const pages = pageTexts(key);
    expect(manifest.files.find((f) => f.file === 'answer-key.pdf')!.pages).toBe(pages.length);

    // the teacher's board: its legend names the dead ends; the pupils' worksheet answers do not
    const boards = pages.filter((t) => t.replace(/\s+/g, ' ').includes('Dead end: you can land here but never reach 120'));
    expect(boards).toHaveLength(1);
    expect(boards[0]!.replace(/\s+/g, ' ')).toContain('The same for every pupil');
    for (const name of PUPILS) expect(boards[0]).not.toMatch(new RegExp(`^${name} ·`, 'm'));
    expect(pages.indexOf(boards[0]!)).toBe(0);

    // each pupil's own answers: every code of theirs is on a page headed by their name
    for (const p of manifest.pupils) {
      for (const w of p.worksheets) {
        for (const code of w.codes) {
          const with_ = pages.filter((t) => t.includes(code));
          expect(with_.length, `${p.name} ${code}`).toBeGreaterThan(0);
          for (const t of with_) expect(t, `${p.name} ${code}`).toMatch(new RegExp(`^${p.name} ·`, 'm'));
        }
      }
      // Ludo's four worksheets, each answered on a page of its own for this pupil
      const ludo = p.worksheets.find((w) => w.kind === 'ludo')!.codes[0]!;
      expect(pages.filter((t) => t.includes(ludo)).length, p.name).toBe(4);
    }

    // every page numbered once, out of the pages there are
    const numbers = pages.map((t) => /Page (\d+) of (\d+)/.exec(t)!).map((m) => [Number(m[1]), Number(m[2])]);
    expect(numbers).toEqual(pages.map((_, i) => [i + 1, pages.length]));
  }, 180_000);
});
