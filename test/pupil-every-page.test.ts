import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { readPages } from './helpers/pdf-words.js';

/**
 * A class set's pages come apart once printed: every page of a pupil's file says whose it is,
 * read back from the PDF. Worksheet pages have the filled-in name line; a game board or a rules
 * page has none, so its footer must carry the name.
 */
describe("every page of a pupil's file names the pupil", () => {
  const PLAN = `title: Class 4B homework
seed: names
roster: kids.csv
worksheets:
  - kind: flow
    size: 6
    count: 2
  - kind: fultiples
    title: Board game · Friday
  - kind: ludo
`;

  /** The class set both tests read, made once: the folder its files are in. */
  let made: string | null = null;
  const classSet = (): string => {
    if (made) return made;
    const dir = mkdtempSync(join(tmpdir(), 'pp-pupil-pages-'));
    writeFileSync(join(dir, 'kids.csv'), 'Zoltan Quist\nAva Smith\n');
    writeFileSync(join(dir, 'plan.yaml'), PLAN);
    const r = cli(['batch', join(dir, 'plan.yaml'), '--workers', '1', '--out', join(dir, 'out')], dir);
    expect(r.code, r.stderr).toBe(0);
    return (made = dir);
  };

  it('worksheets, Fultiples boards and the Ludo board, rules and record sheets all carry it', () => {
    const dir = classSet();
    for (const [file, name, other] of [['Zoltan-Quist.pdf', 'Zoltan', 'Ava'], ['Ava-Smith.pdf', 'Ava', 'Zoltan']] as const) {
      const pages = readPages(join(dir, 'out', file));
      expect(pages.length).toBeGreaterThan(4);
      pages.forEach((p, i) => {
        const words = p.words.map((w) => w.text);
        expect(words, `${file} page ${i + 1}`).toContain(name);
        expect(words, `${file} page ${i + 1}`).not.toContain(other);
      });
    }
    // the teacher's key is nobody's: its footers keep the title alone
    const key = readPages(join(dir, 'out', 'answer-key.pdf'));
    const footerWords = key.flatMap((p) => p.words.filter((w) => w.y0 > 0.93 * (p.w * Math.SQRT2)).map((w) => w.text));
    expect(footerWords).toContain('homework');
    expect(footerWords).not.toContain('Ava');
  });

  // named by its own title whole, though the title holds the " · " that joins a worksheet's name
  it("the teacher's key names the worksheet it has no answers for, and only that one", () => {
    const dir = classSet();
    const first = readPages(join(dir, 'out', 'answer-key.pdf'))[0]!;
    const line = (word: string) => {
      const at = first.words.find((w) => w.text === word)!;
      return first.words.filter((w) => Math.abs(w.y0 - at.y0) < 1).map((w) => w.text).join(' ');
    };
    expect(line('pupils,')).toBe('2 pupils, 3 worksheets each · Board game · Friday: no answers to mark');
  });
});
