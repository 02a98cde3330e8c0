import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { drawRecord } from '../src/kinds/ludo/draw-pages.js';
import { messages } from '../src/i18n/messages.js';
import { LARGE_PRINT, scaledBox } from '../src/pdf/print.js';
import { contentBox } from '../src/pdf/render.js';
import { PAPER_SIZE } from '../src/pdf/document.js';
import { RecordingDraw } from './helpers/record-draw.js';

/**
 * The game record's first page: the names, the "Markers home" boxes and the tables stay inside the
 * area they are given, in normal and large print, on both papers and on a booklet's half page
 * (large print's 16 pt label once pushed the last box to 2 mm from the paper's edge).
 */
describe('Ludo game record', () => {
  const papers = Object.keys(PAPER_SIZE) as (keyof typeof PAPER_SIZE)[];
  for (const paper of papers) {
    for (const large of [false, true]) {
      // large print is refused on a booklet's half pages
      for (const half of large ? [false] : [false, true]) {
        for (const lang of ['en', 'fr', 'de']) {
          it(`keeps every mark inside its area: ${paper}, ${large ? 'large print' : 'normal print'}${half ? ', half page' : ''}, ${lang}`, () => {
            const size = PAPER_SIZE[paper];
            const page = half ? { w: size.h / 2, h: size.w } : size;
            // large print draws everything 16/11 the size, into the content box scaled down so
            const c = scaledBox(contentBox(page), large ? LARGE_PRINT.scale : 1);
            const box = { x: c.x, y: c.y + 60, w: c.w, h: c.h - 80 };
            const d = new RecordingDraw();
            d.minText = large ? LARGE_PRINT.minText : 0;
            drawRecord(d, box, 0, messages(lang));
            const right = box.x + box.w + 0.5;
            const left = box.x - 0.5;
            const out: string[] = [];
            for (const r of d.rects) if (r.box.x < left || r.box.x + r.box.w > right) out.push(`box at ${r.box.x.toFixed(1)}-${(r.box.x + r.box.w).toFixed(1)}`);
            for (const l of d.lines) if (Math.min(l.a[0], l.b[0]) < left || Math.max(l.a[0], l.b[0]) > right) out.push(`line to ${Math.max(l.a[0], l.b[0]).toFixed(1)}`);
            for (const t of d.texts) if (t.box.h > 0 && (t.left < left || t.right > right)) out.push(`"${t.text}" at ${t.left.toFixed(1)}-${t.right.toFixed(1)}`);
            expect(out, `area ${left.toFixed(1)}-${right.toFixed(1)}`).toEqual([]);
            // the four boxes are there, side by side, for each player
            expect(d.rects.filter((r) => r.box.w === 16 && r.box.h === 16)).toHaveLength(8);
          });
        }
      }
    }
  }
});

describe('Ludo game record pages', () => {
  it('number the rounds on from page to page, far enough for most of a game (150 to 220 turns) in either print size', () => {
    for (const large of [false, true]) {
      const dir = mkdtempSync(join(tmpdir(), 'pp-record-'));
      const r = cli(['ludo', '--printables', 'record', '--worksheet', 'none', '--seed', 'record', ...(large ? ['--large-print'] : []), '--out', 'r.pdf'], dir);
      expect(r.code, r.stderr).toBe(0);
      // each round's number is a line of its own in the text of the pages
      const text = execFileSync('pdftotext', [join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      const rounds = [...text.matchAll(/^\s*(\d+)\s*$/gm)].map((m) => Number(m[1]));
      const most = Math.max(...rounds);
      expect(new Set(rounds).size, large ? 'large print' : 'normal print').toBe(most);
      expect(most * 2, large ? 'large print: turns recorded' : 'normal print: turns recorded').toBeGreaterThanOrEqual(200);
    }
  });
});
