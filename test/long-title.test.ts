import { describe, expect, it } from 'vitest';
import { findKind } from '../src/kinds/index.js';
import { generateItems, kindPart, Templates } from '../src/run.js';
import { planPages } from '../src/layout/plan.js';
import { drawPage } from '../src/layout/page.js';
import { PAPER_SIZE } from '../src/pdf/document.js';
import { MM } from '../src/pdf/draw.js';
import { contentBox, expandPages } from '../src/pdf/render.js';
import { RecordingDraw } from './helpers/record-draw.js';

const templates = new Templates();
const TITLE = 'Year 4 Maple Class — Thursday afternoon extension challenge for early finishers (spring term)';

/** Every page of a run with this title, drawn as it prints. */
function pages(kind: string, raw: Record<string, unknown>, count: number, title: string, answers = false) {
  const k = findKind(kind)!;
  const o = k.schema.parse(raw);
  const planned = planPages([kindPart(k, o, generateItems(k, o, 'title', count), { paper: 'a4', title }, templates)], answers);
  const size = PAPER_SIZE.a4;
  const blocks = expandPages(planned, { paper: 'a4', templates, meta: { title: '', subject: '', keywords: '' } });
  return planned.map((p, i) => {
    const draw = new RecordingDraw();
    drawPage(draw, { blocks: blocks[i]!, slots: p.slots, grid: p.grid, labels: p.labels, mirrored: false, lead: p.lead }, contentBox(size), size.w);
    return draw;
  });
}

describe('a long title', () => {
  it('wraps onto two lines at the heading size, above the subtitle, and the puzzles keep their size', () => {
    for (const answers of [false, true]) {
      for (const draw of pages('flow', { size: 6 }, 2, TITLE, answers)) {
        const heading = draw.texts.find((t) => t.text.includes('Thursday afternoon') && t.box.y < 100)!;
        expect(heading, `answers ${answers}`).toBeDefined();
        expect(heading.size).toBeGreaterThanOrEqual(18);
        const h = draw.paragraphHeight(heading.text, heading.right - heading.left, { size: heading.size, font: 'bold' });
        expect(h).toBeGreaterThan(1.5 * heading.size * 1.1); // two lines
        const subtitle = draw.texts.find((t) => t.text.startsWith('Flow ·'))!;
        expect(subtitle.box.y).toBeGreaterThanOrEqual(heading.box.y + h - 0.01);
      }
    }
    // the squares as big as the layout chose for this page (7 mm or more), and all on one page as with a short title
    const long = pages('flow', { size: 6 }, 2, TITLE);
    const short = pages('flow', { size: 6 }, 2, 'Year 4');
    expect(long).toHaveLength(short.length);
    const xs = [...new Set(long[0]!.lines.filter((l) => l.a[0] === l.b[0]).map((l) => Math.round(l.a[0] * 100) / 100))].sort((a, b) => a - b);
    const gaps = xs.slice(1).map((x, i) => x - xs[i]!).filter((g) => g > 0.5);
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(7 * MM);
  });

  it('a title that fits one line is drawn as before, on one line in a 22 pt box', () => {
    const draw = pages('flow', { size: 6 }, 2, 'Year 4 Maple Class')[0]!;
    const heading = draw.texts.find((t) => t.text === 'Year 4 Maple Class' && t.box.y < 100)!;
    expect(heading.size).toBeGreaterThan(18);
    expect(heading.box.h).toBeCloseTo(22); // drawn as one line of text, not a paragraph (box height 0)
  });
});
