import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sumKind } from './helpers/fixture-kind.js';
import { Templates, templateOverrides } from '../src/layout/templates.js';
import { documentPages, generateItems, kindPart } from '../src/run.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { writeAtomic, writePdf } from '../src/node/write.js';
import { UserError } from '../src/core/errors.js';
import { parseCode, puzzleSeed } from '../src/core/code.js';

const meta = { title: 'Test sheet', subject: 'sums', keywords: 'puzzlepress, test' };

function build(seed: string, count: number, answers: 'back' | 'separate' | 'none', templates = new Templates()) {
  const items = generateItems(sumKind, { max: 9 }, seed, count);
  const part = kindPart(sumKind, { max: 9 }, items, { paper: 'a4' }, templates);
  return { items, files: documentPages([part], answers), templates };
}

describe('paging', () => {
  it('puts puzzles on the front pages and the answer key behind them', () => {
    const { files } = build('p', 9, 'back');
    // 9 puzzles at 2x3 need 2 pages; 9 answers at 3x4 need 1.
    expect(files.main.map((p) => p.template)).toEqual(['worksheet', 'worksheet', 'answers']);
    expect(files.main[0]!.slots).toHaveLength(6);
    expect(files.main[1]!.slots).toHaveLength(3);
    expect(files.answers).toBeNull();
  });

  it('moves the answer key to its own file or drops it', () => {
    const sep = build('p', 7, 'separate').files;
    expect(sep.main.every((p) => p.template === 'worksheet')).toBe(true);
    expect(sep.answers?.map((p) => p.template)).toEqual(['answers']);
    const none = build('p', 7, 'none').files;
    expect(none.main.some((p) => p.template === 'answers')).toBe(false);
    expect(none.answers).toBeNull();
  });

  it('numbers slots and carries each code onto the page', () => {
    const { items, files } = build('codes', 3, 'back');
    expect(files.main[0]!.slots.map((s) => s.label)).toEqual(['1', '2', '3']);
    expect(files.main[0]!.vars.codes).toContain(items[2]!.code);
  });
});

describe('pdf bytes', () => {
  it('are identical for the same seed and differ for another', async () => {
    const a = build('same', 8, 'back');
    const b = build('same', 8, 'back');
    const c = build('other', 8, 'back');
    const opts = { paper: 'a4' as const, meta, templates: a.templates };
    const [ba, bb, bc] = await Promise.all([
      renderToBuffer(a.files.main, opts).then(Buffer.from),
      renderToBuffer(b.files.main, { ...opts, templates: b.templates }).then(Buffer.from),
      renderToBuffer(c.files.main, { ...opts, templates: c.templates }).then(Buffer.from),
    ]);
    expect(ba.equals(bb)).toBe(true);
    expect(ba.equals(bc)).toBe(false);
  });

  it('embed the font, the metadata and a bookmark for each section', async () => {
    const { files, templates } = build('meta', 4, 'back');
    const pdf = Buffer.from(await renderToBuffer(files.main, { paper: 'letter', meta, templates })).toString('latin1');
    expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+Andika/);
    // PDFKit writes the info strings as separate objects: look for the values themselves.
    expect(pdf).toMatch(/\/Title \d+ 0 R/);
    expect(pdf).toContain('(Test sheet)');
    expect(pdf).toContain('(puzzlepress, test)');
    expect(pdf).toContain('/Outlines');
    expect(pdf).toContain('(Puzzles)');
    expect(pdf).toContain('(Answer key)');
    expect(pdf).toContain('/MediaBox [0 0 612 792]');
  });
});

describe('templates', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pp-tpl-'));

  it('let a teacher replace the worksheet page and keep the answers page', () => {
    const file = join(dir, 'mine.hbs');
    writeFileSync(file, '{{heading "My own sheet"}}\nWork carefully.\n{{slots}}\n');
    const t = new Templates(templateOverrides([file]));
    const blocks = t.get('worksheet')({});
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'text', 'slots']);
    expect(t.get('answers')({ headline: 'X' })[0]).toMatchObject({ type: 'heading', text: 'Answer key: X' });
  });

  it('name the file when a template is missing or broken', () => {
    expect(() => new Templates({ worksheet: join(dir, 'nope.hbs') }).get('worksheet')).toThrow(/nope\.hbs does not exist/);
    const broken = join(dir, 'broken.hbs');
    writeFileSync(broken, '{{#footer}}Page {{page}}\n{{slots}}');
    expect(() => new Templates({ worksheet: broken }).get('worksheet')).toThrow(UserError);
    expect(() => new Templates({ worksheet: broken }).get('worksheet')).toThrow(/broken\.hbs is broken/);
  });

  it('refuse a worksheet template with nowhere to put the puzzles', () => {
    const file = join(dir, 'noslots.hbs');
    writeFileSync(file, '{{heading "Only a title"}}\n');
    expect(() => build('x', 2, 'back', new Templates({ worksheet: file }))).toThrow(/no \{\{slots\}\}/);
  });

  it('refuse an unknown page name', () => {
    expect(() => templateOverrides(['poster=x.hbs'])).toThrow(/no "poster" page/);
  });
});

describe('writing files', () => {
  it('leaves nothing behind when rendering fails part way', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-out-'));
    const { files, templates } = build('fail', 3, 'back');
    const bad = files.main.map((p, i) => (i === 1 ? { ...p, slots: [{ draw: () => { throw new Error('boom'); } }] } : p));
    await expect(writePdf(join(dir, 'x.pdf'), bad, { paper: 'a4', meta, templates })).rejects.toThrow('boom');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reports an unwritable folder as a user error', async () => {
    await expect(writeAtomic('/etc/passwd/x.pdf', async () => {})).rejects.toThrow(UserError);
    expect(existsSync('/etc/passwd/x.pdf')).toBe(false);
  });
});

describe('codes', () => {
  it('are stable, fixed-length and forgiving of hand-copying', () => {
    const s = puzzleSeed('demo', 'sum', 3);
    expect(s).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(puzzleSeed('demo', 'sum', 3)).toBe(s);
    expect(puzzleSeed('demo', 'sum', 4)).not.toBe(s);
    const typed = `z9-${s.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l')}`;
    expect(parseCode(typed)).toEqual({ letter: 'Z', options: '9', seed: s });
    expect(() => parseCode('hello')).toThrow(UserError);
    expect(() => parseCode('Z9-ABC')).toThrow(/10 letters and digits/);
  });

  it('regenerate the same model from the same code', () => {
    const [a] = generateItems(sumKind, { max: 50 }, 'k', 1, 5);
    const [b] = generateItems(sumKind, { max: 50 }, 'k', 1, 5);
    expect(a).toEqual(b);
    expect(a!.number).toBe(6);
  });
});
