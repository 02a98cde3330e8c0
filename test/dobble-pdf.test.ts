import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { parsePath } from '../src/pdf/svgpath.js';
import { renderSvg, SvgError } from '../src/pdf/svg.js';
import { generateItems, kindPart, documentPages, Templates } from '../src/run.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { dobble } from '../src/kinds/dobble/index.js';

describe('SVG paths', () => {
  it('reads relative commands, shorthands and run-together arc flags', () => {
    const segs = parsePath('m1 1h2v2l-1 1zM10 10a5 5 0 011 1s1 1 2 2t1 1');
    const ends = segs.filter((s) => s.op !== 'Z').map((s) => ('x' in s ? [s.x, s.y] : []));
    expect(ends[0]).toEqual([1, 1]);
    expect(ends[1]).toEqual([3, 1]);
    expect(ends[2]).toEqual([3, 3]);
    expect(ends[3]).toEqual([2, 4]);
    expect(ends[4]).toEqual([10, 10]);
    // the arc ends exactly where it says, whatever the cubics in between
    const arcEnd = segs.filter((s) => s.op === 'C')[0]!;
    expect(arcEnd.op === 'C' && [arcEnd.x, arcEnd.y]).toEqual([11, 11]);
  });

  it('turns a half-circle arc into cubics that stay on the circle', () => {
    const segs = parsePath('M0 0A5 5 0 0 1 10 0');
    for (const s of segs) if (s.op === 'C') expect(Math.hypot(s.x - 5, s.y)).toBeCloseTo(5, 6);
  });
});

describe('SVG renderer', () => {
  it('bounds what it draws, including transforms and strokes', () => {
    const art = renderSvg('<svg viewBox="0 0 100 100"><g transform="translate(10 20)"><rect width="10" height="10" fill="#f00"/></g><line x1="50" y1="50" x2="60" y2="50" stroke="blue" stroke-width="4"/></svg>');
    expect(art.viewBox).toEqual({ x: 0, y: 0, w: 100, h: 100 });
    const { cx, cy, r } = art.bounds;
    for (const [x, y] of [[10, 20], [20, 30], [62, 50], [48, 52]]) expect(Math.hypot(x! - cx, y! - cy)).toBeLessThanOrEqual(r + 1e-9);
    expect(art.content).toContain('1 0 0 rg');
    expect(art.content).toContain('0 0 1 RG');
  });

  it('bounds curves tightly: a circle gets a disc barely larger than itself', () => {
    const art = renderSvg('<svg viewBox="0 0 20 20"><circle cx="12" cy="8" r="5" fill="red"/></svg>');
    expect(art.bounds.cx).toBeCloseTo(12, 1);
    expect(art.bounds.cy).toBeCloseTo(8, 1);
    expect(art.bounds.r).toBeGreaterThanOrEqual(5);
    expect(art.bounds.r).toBeLessThan(5 * 1.01);
  });

  it('paints gradients with the mean stop colour and opacity through a graphics state', () => {
    const art = renderSvg('<svg viewBox="0 0 10 10"><defs><linearGradient id="g"><stop stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><circle cx="5" cy="5" r="4" fill="url(#g)" opacity=".5"/></svg>');
    expect(art.content).toContain('0.5 0.5 0.5 rg');
    expect(art.alphas).toEqual([[0.5, 0.5]]);
    expect(art.content).toContain('/Ga0 gs');
  });

  it('refuses broken files with a reason', () => {
    expect(() => renderSvg('<svg viewBox="0 0 10 10"><path d="M0 0"')).toThrow(SvgError);
    expect(() => renderSvg('<html></html>')).toThrow(/no <svg>/);
    expect(() => renderSvg('<svg><rect width="1" height="1"/></svg>')).toThrow(/no viewBox/);
  });
});

describe('deck PDF', () => {
  it('stores each symbol and the card back once as form XObjects, however often they are shown', async () => {
    const options = dobble.schema.parse({ backs: true, numbers: true });
    const templates = new Templates({});
    const items = generateItems(dobble, options, 'pdf-test', 1);
    const part = kindPart(dobble, options, items, { paper: 'a4' }, templates);
    const pages = documentPages([part], 'back').main;
    const pdf = Buffer.from(await renderToBuffer(pages, { paper: 'a4', templates, meta: { title: 't', subject: 's', keywords: 'k' } }));
    // Draw keeps a circle drawn again as a form of its own too (four curves, painted): not counted
    const text = pdf.toString('latin1');
    const forms = [...text.matchAll(/<<[^]*?\/Subtype \/Form[^]*?>>\nstream\n/g)].map((m) => {
      const start = m.index! + m[0].length;
      return inflateSync(pdf.subarray(start, text.indexOf('\nendstream', start))).toString('latin1');
    });
    const circle = /^-?[\d.]+ 0 m\n(-?[\d.]+ -?[\d.]+ -?[\d.]+ -?[\d.]+ -?[\d.]+ -?[\d.]+ c\n){4}h\n[BfS]\n?$/;
    expect(forms.filter((f) => !circle.test(f))).toHaveLength(57 + 1); // 57 symbols, each on 8 cards and in the legend, and one card back
    expect(forms.filter((f) => circle.test(f)).length).toBeLessThan(10);
    expect(pdf.length).toBeLessThan(300_000);
    expect(pages.length).toBe(10 + 10 + 1 + 1); // 6 cards a page, a back behind each, one legend page, the ways to play
  });
});
