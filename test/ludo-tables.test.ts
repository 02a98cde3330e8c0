import { describe, expect, it } from 'vitest';
import { ludo } from '../src/kinds/ludo/index.js';
import type { LudoOptions } from '../src/kinds/ludo/options.js';
import { generateItems, kindPart, Templates } from '../src/run.js';
import { planPages } from '../src/layout/plan.js';
import { drawSlot, slotsBox } from '../src/layout/page.js';
import { PAPER_SIZE } from '../src/pdf/document.js';
import { contentBox, expandPages } from '../src/pdf/render.js';
import { LARGE_PRINT, scaledBox } from '../src/pdf/print.js';
import { RecordingDraw } from './helpers/record-draw.js';

const templates = new Templates();

/** Every pupil page of a Ludo set drawn as the renderer draws it (large print: small page, least text size). */
function pupilPages(paper: 'a4' | 'letter', largePrint: boolean): { section: string; draw: RecordingDraw }[] {
  const o = ludo.schema.parse({}) as LudoOptions;
  const part = kindPart(ludo, o, generateItems(ludo, o, 'tables', 1), { paper, largePrint }, templates);
  const pages = planPages([part], false);
  const blocks = expandPages(pages, { paper, templates, meta: { title: '', subject: '', keywords: '' } });
  return pages.map((page, i) => {
    const draw = new RecordingDraw();
    draw.minText = page.large ? LARGE_PRINT.minText : 0;
    const content = page.large ? scaledBox(contentBox(PAPER_SIZE[paper]), LARGE_PRINT.scale) : contentBox(PAPER_SIZE[paper]);
    const area = slotsBox(draw, blocks[i]!, content)!;
    for (const slot of page.slots) drawSlot(draw, slot, area, page.labels);
    return { section: String(page.vars.section), draw };
  });
}

/** Words in a table that come too near the ruled lines above and below them. */
function cramped(d: RecordingDraw): string[] {
  const rules = d.lines.filter((l) => l.a[1] === l.b[1] && l.style.stroke === '#555555' && Math.abs(l.b[0] - l.a[0]) > 100);
  const out: string[] = [];
  for (const t of d.texts) {
    const size = Math.max(t.size, d.minText);
    const h = t.box.h || d.paragraphHeight(t.text, t.box.w, { size, font: t.font as 'bold' });
    const mid = t.box.y + h / 2;
    const across = rules.filter((l) => Math.min(l.a[0], l.b[0]) <= t.left + 0.5 && Math.max(l.a[0], l.b[0]) >= t.right - 0.5);
    const above = Math.max(...across.filter((l) => l.a[1] <= mid).map((l) => l.a[1]));
    const below = Math.min(...across.filter((l) => l.a[1] >= mid).map((l) => l.a[1]));
    if (!Number.isFinite(above) || !Number.isFinite(below)) continue; // not in a table
    if (t.box.h) {
      // one line of words, centred in its row: the row at least one and a half times their size
      if (below - above < 1.5 * size) out.push(`"${t.text}" (${size} pt) in a row ${(below - above).toFixed(1)} pt tall`);
    } else if (t.box.y < above + 0.15 * size || t.box.y + h > below - 0.15 * size) {
      // a heading on two lines: its lines inside the cell, with room above and below
      out.push(`"${t.text}" (${size} pt) runs ${t.box.y.toFixed(1)}-${(t.box.y + h).toFixed(1)} in a cell ${above.toFixed(1)}-${below.toFixed(1)}`);
    }
  }
  return out;
}

describe("Ludo's tables give their words room above and below", () => {
  for (const paper of ['letter', 'a4'] as const) {
    for (const large of [true, false]) {
      it(`${paper}${large ? ', large print' : ''}: rows and two-line headings clear their lines on every pupil page`, () => {
        const pages = pupilPages(paper, large);
        const tables = pages.filter((p) => p.draw.lines.some((l) => l.style.stroke === '#555555'));
        expect(tables.length).toBeGreaterThanOrEqual(6); // record sheet, the four worksheets
        expect(pages.flatMap((p) => cramped(p.draw).map((c) => `${p.section}: ${c}`))).toEqual([]);
        // the replay's rows are found and checked
        const replay = pages.filter((p) => p.section === 'Replay a game').flatMap((p) => p.draw.texts.filter((t) => t.text === 'Red' || t.text === 'Blue'));
        expect(replay.length).toBeGreaterThanOrEqual(16);
      });
    }
  }
});
