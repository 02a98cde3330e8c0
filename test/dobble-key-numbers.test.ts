import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';

/**
 * A deck's key: its card list gives each symbol the number the symbol list gives it (counted from
 * 1), so a teacher checking a card finds "9 wolf" in the list as "wolf 9". The card list once
 * counted from 0, every number one less than the symbol list's.
 */

function pageTexts(file: string): string[] {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
}

describe('a deck\'s key numbers every symbol alike in its two lists', () => {
  for (const lang of ['en', 'fr']) {
    it(lang, () => {
      const dir = mkdtempSync(join(tmpdir(), 'pp-dkey-'));
      const json = join(dir, 'd.json');
      expect(cli(['dobble', '--seed', 'numbers', '--lang', lang, '--out', join(dir, 'd.pdf'), '--json', json]).code).toBe(0);
      const data = JSON.parse(readFileSync(json, 'utf8')) as { code?: string; puzzles?: { code: string }[] };
      const code = data.puzzles?.[0]?.code ?? data.code!;
      const out = join(dir, 'key.pdf');
      const r = cli(['key', code, '--lang', lang, '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      const pages = pageTexts(out);
      // the symbol list: "name   number" in columns; the card list: "Card 1   9 wolf · 16 grapes · ..."
      const cardPages = pages.filter((p) => /^\s*(Card|Carte) \d+\s+\d/m.test(p));
      const symbolPages = pages.filter((p) => !cardPages.includes(p) && p.trim());
      const numberOf = new Map<string, number>();
      for (const p of symbolPages) {
        for (const line of p.split('\n')) {
          for (const m of line.matchAll(/(\p{L}[\p{L}\p{M}' -]*?)\s{2,}(\d+)(?=\s|$)/gu)) numberOf.set(m[1]!.trim(), Number(m[2]));
        }
      }
      expect(numberOf.size).toBe(57);
      expect([...numberOf.values()].sort((a, b) => a - b)).toEqual(Array.from({ length: 57 }, (_, i) => i + 1));
      let seen = 0;
      for (const p of cardPages) {
        for (const line of p.split('\n')) {
          const card = /^\s*(?:Card|Carte) \d+\s+(\d.*)$/.exec(line);
          if (!card) continue;
          for (const entry of card[1]!.split('·')) {
            const m = /^\s*(\d+) (.+?)\s*$/.exec(entry)!;
            expect(m, entry).not.toBeNull();
            expect(`${m[1]} ${m[2]}`).toBe(`${numberOf.get(m[2]!)} ${m[2]}`);
            seen++;
          }
        }
      }
      expect(seen).toBe(57 * 8);
    }, 60_000);
  }
});
