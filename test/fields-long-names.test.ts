import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { readPages, type Word } from './helpers/pdf-words.js';

const meet = (a: Word, b: Word) => Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) + 0.5 && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0) + 0.5;

describe('Name, Date and Class with a pupil\'s long name and class', () => {
  it('prints them apart and on the paper, in normal and large print', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-fields-'));
    const pupils = '["Muhammad Abdul-Rahman Al-Farsi", {name: "Anastasia Konstantinopoulou-Whitfield", class: "Year 5 Hedgehogs"}, Ava]';
    for (const large of [false, true]) {
      const name = large ? 'large' : 'normal';
      writeFileSync(join(dir, `${name}.yaml`), `title: Week\nseed: names\n${large ? 'large-print: true\n' : ''}pupils: ${pupils}\nworksheets:\n  - kind: calcudoku\n    size: 6\n    count: 2\n`);
      expect(cli(['batch', `${name}.yaml`, '--workers', '1', '--out', name], dir).code).toBe(0);
      const files = readdirSync(join(dir, name)).filter((f) => f.endsWith('.pdf') && !['answer-key.pdf', 'all-pupils.pdf'].includes(f));
      expect(files).toHaveLength(3);
      for (const file of files) {
        for (const [p, page] of readPages(join(dir, name, file)).entries()) {
          // the header: every word above the rule under it, read by poppler
          const date = page.words.find((w) => w.text === 'Date:')!;
          expect(date, `${name} ${file} page ${p + 1}`).toBeDefined();
          const head = page.words.filter((w) => w.y0 < date.y1 + 20 && w.y1 > date.y0 - 40);
          for (const w of head) expect(w.x1, `${name} ${file}: "${w.text}" past the paper's edge`).toBeLessThanOrEqual(page.w - 20);
          head.forEach((a, i) => head.slice(i + 1).forEach((b) => expect(meet(a, b), `${name} ${file} page ${p + 1}: "${a.text}" on "${b.text}"`).toBe(false)));
        }
      }
    }
  }, 120_000);
});
