import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { readTablesQuickly } from '../src/pdf/font-tables.js';
import { createDocument } from '../src/pdf/document.js';
import { Draw } from '../src/pdf/draw.js';

// readTablesQuickly reads a TrueType font's loca and post tables itself, in place of fontkit's
// decoding of them. Each font we ship is parsed twice, once left to fontkit: every table value,
// every glyph's box and every glyph name read must be the same.

type Font = {
  loca: { version: number; offsets: number[] };
  post: Record<string, unknown>;
  numGlyphs: number;
  getGlyph(id: number): { cbox: { minX: number; minY: number; maxX: number; maxY: number }; name: string; advanceWidth: number };
  italicAngle: number;
  underlinePosition: number;
};

const open = (file: string) => fontkit.create(readFileSync(file)) as unknown as Font;
const POST_HEADER = ['version', 'italicAngle', 'underlinePosition', 'underlineThickness', 'isFixedPitch', 'minMemType42', 'maxMemType42', 'minMemType1', 'maxMemType1'];

describe('font tables read straight from the bytes', () => {
  // Andika keeps long offsets; pdf.js's Liberation Sans (installed for the web page) short ones, which fontkit doubles.
  const liberation = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/LiberationSans-Regular.ttf');
  for (const file of ['fonts/Andika-Regular.ttf', 'fonts/Andika-Bold.ttf', 'fonts/Andika-Italic.ttf', liberation]) {
    it(`${file.split('/').pop()}: the same offsets, header, glyph boxes and names as fontkit reads`, () => {
      const theirs = open(file);
      const ours = open(file);
      readTablesQuickly(ours);
      expect(ours.loca.version).toBe(file === liberation ? 0 : 1);
      // ours is now served from what readTablesQuickly put in fontkit's cache
      expect(Object.getOwnPropertyDescriptor(ours.post, 'names')?.get).toBeTypeOf('function');
      expect(ours.loca.version).toBe(theirs.loca.version);
      expect(ours.loca.offsets).toEqual(Array.from(theirs.loca.offsets));
      for (const key of POST_HEADER) expect([key, ours.post[key]]).toEqual([key, theirs.post[key]]);
      expect(ours.italicAngle).toBe(theirs.italicAngle);
      expect(ours.underlinePosition).toBe(theirs.underlinePosition);
      for (let id = 0; id < theirs.numGlyphs; id += 7) {
        const a = ours.getGlyph(id);
        const b = theirs.getGlyph(id);
        expect([id, a.cbox.minX, a.cbox.minY, a.cbox.maxX, a.cbox.maxY, a.advanceWidth, a.name]).toEqual([id, b.cbox.minX, b.cbox.minY, b.cbox.maxX, b.cbox.maxY, b.advanceWidth, b.name]);
      }
    });
  }

  it('leaves a table fontkit already decoded, and a font that is no TrueType file (WOFF2, none), as they are', () => {
    const f = open('fonts/Andika-Regular.ttf');
    const loca = f.loca;
    readTablesQuickly(f);
    expect(f.loca).toBe(loca);
    // a WOFF2 file's offsets point into data fontkit has not unpacked yet
    const dir = 'fonts/noto-sans-sc-common/files/';
    const woff2 = fontkit.create(readFileSync(dir + readdirSync(dir).find((n) => n.endsWith('.woff2'))!)) as unknown as { _tables: Record<string, unknown> };
    readTablesQuickly(woff2);
    expect(Object.keys(woff2._tables)).not.toContain('loca');
    expect(Object.keys(woff2._tables)).not.toContain('post');
    expect(() => readTablesQuickly({})).not.toThrow();
    expect(() => readTablesQuickly(null)).not.toThrow();
  });

  it('a page written with the fonts read so carries their header in its font descriptors and reads back', async () => {
    const d = new Draw(createDocument('a4', { title: 't', subject: '', keywords: '' }));
    d.doc.addPage();
    d.paragraph('Fill the grid so that every row and column has 1 to 6 once.', 40, 40, 400);
    d.text('Bold heading', { x: 40, y: 200, w: 300, h: 30 }, { font: 'bold' });
    const chunks: Uint8Array[] = [];
    const done = new Promise((resolve) => d.doc.on('end', resolve));
    d.doc.on('data', (c: Uint8Array) => chunks.push(c));
    d.doc.end();
    await done;
    const pdf = Buffer.concat(chunks);
    const descriptors = pdf.toString('latin1').match(/\/Type \/FontDescriptor[^>]*/g) ?? [];
    expect(descriptors.length).toBe(2);
    // upright, not fixed pitch: nonsymbolic (4) only, as Andika's post and head tables say
    for (const fd of descriptors) expect([fd.match(/\/ItalicAngle (\S+)/)?.[1], fd.match(/\/Flags (\d+)/)?.[1]]).toEqual(['0', '4']);
    const file = join(mkdtempSync(join(tmpdir(), 'pp-tables-')), 't.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('every row and column');
    expect(text).toContain('Bold heading');
  });
});
