import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseCommon, parseKindOptions } from '../src/core/options.js';
import { messages, messageTable } from '../src/i18n/messages.js';
import { findKind } from '../src/kinds/index.js';
import { Templates } from '../src/layout/templates.js';
import { planSheets } from '../src/make.js';
import { createDocument } from '../src/pdf/document.js';
import { Draw } from '../src/pdf/draw.js';
import { FONT_CHOICES, FONT_FILES } from '../src/pdf/fonts.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { readPages, type Word } from './helpers/pdf-words.js';

/**
 * French print puts a space before : ; ! ? ("Nom :", "Tu passes ton tour ?"), and a line must not
 * start with the mark. pdftotext and pdf.js both read a no-break space back as a plain one, so the
 * pages are checked by what the space does (no line starts with the mark, however narrow the
 * column) and by the PDF's own map of what its glyphs are (a U+00A0 glyph drawn from the font).
 */
const dir = mkdtempSync(join(tmpdir(), 'pp-spaces-'));

function save(name: string, bytes: Uint8Array): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

async function sheet(kind: string, lang: string): Promise<string> {
  const k = findKind(kind)!;
  const plan = planSheets(k, parseKindOptions(k, {}), parseCommon({ count: 2, seed: 'spaces', lang }), 'spaces', new Templates());
  return save(`${kind}-${lang}.pdf`, await renderToBuffer(plan.main, { paper: 'a4', templates: new Templates(), meta: plan.meta }));
}

/** Each line of a page: its words left to right (words on one baseline, as pdftotext gives them). */
function lines(words: Word[]): string[][] {
  const rows = new Map<number, Word[]>();
  for (const w of words) {
    const key = [...rows.keys()].find((y) => Math.abs(y - w.y1) < 1.5) ?? w.y1;
    rows.set(key, [...(rows.get(key) ?? []), w]);
  }
  return [...rows.values()].map((r) => r.sort((a, b) => a.x0 - b.x0).map((w) => w.text));
}

/** The Unicode text of every glyph code in the PDF's ToUnicode maps, by code (pdfkit writes one bfrange array per font). */
function unicodeMaps(file: string): Map<number, string>[] {
  const bytes = execFileSync('cat', [file]);
  const s = bytes.toString('latin1');
  const maps: Map<number, string>[] = [];
  for (const m of s.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    let t: string;
    try {
      t = inflateSync(bytes.subarray(start, s.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue;
    }
    if (!t.includes('beginbfrange')) continue;
    const map = new Map<number, string>();
    for (const r of t.matchAll(/<([0-9a-f]{4})>\s*<([0-9a-f]{4})>\s*\[([^\]]*)\]/gi)) {
      const first = parseInt(r[1]!, 16);
      [...r[3]!.matchAll(/<([0-9a-f]+)>/gi)].forEach((u, i) => map.set(first + i, String.fromCharCode(...u[1]!.match(/.{4}/g)!.map((h) => parseInt(h, 16)))));
    }
    maps.push(map);
  }
  return maps;
}

describe('French spaces before : ; ! ?', () => {
  it('a French name line prints "Nom :" (colon after a space), English keeps "Name:"', async () => {
    const fr = readPages(await sheet('calcudoku', 'fr'))[0]!.words.map((w) => w.text);
    expect(fr.filter((w) => /^(Nom|Date|Classe):$/.test(w))).toEqual([]);
    const at = fr.indexOf('Nom');
    expect(fr.slice(at, at + 2)).toEqual(['Nom', ':']);
    const en = readPages(await sheet('calcudoku', 'en'))[0]!.words.map((w) => w.text);
    expect(en).toContain('Name:');
  });

  it('the French space is a no-break space drawn from the font (a real glyph, not the missing-glyph box); English has none', async () => {
    const fr = unicodeMaps(await sheet('fultiples', 'fr'));
    const codes = fr.flatMap((m) => [...m].filter(([, u]) => u === '\u00a0').map(([code]) => code));
    expect(codes.length).toBeGreaterThan(0);
    expect(codes).not.toContain(0); // code 0 is the font's .notdef
    // (Calcudoku: Fultiples' English example keeps its sums "4 × 2 = 8" on one line with no-break spaces)
    const en = unicodeMaps(await sheet('calcudoku', 'en'));
    expect(en.flatMap((m) => [...m.values()]).filter((u) => u === '\u00a0')).toEqual([]);
  });

  it('a French sentence never starts a line with : ; ! ? whatever the column width', async () => {
    const table = messageTable('fr');
    const fr = messages('fr');
    // sentences with no placeholders, cut just after each word that comes before a mark (not the
    // first word: a column narrower than 'Images :' has to cut inside it)
    const cases = Object.keys(table)
      .filter((k) => !table[k]!.includes('{') && /\S [:;!?]/.test(table[k]!))
      .flatMap((k) => [...table[k]!.matchAll(/ [:;!?]/g)].map((m) => ({ text: fr.t(k), before: table[k]!.slice(0, m.index) })))
      .filter((c) => c.before.includes(' '));
    expect(cases.length).toBeGreaterThan(10);
    const doc = createDocument('a4', { title: '', subject: '', keywords: '', lang: 'fr' });
    const d = new Draw(doc);
    // each twice: as a plain paragraph, and naming a file (as a booklet's cover note does), which
    // is wrapped at spaces only so that the file name stays whole
    const shown = cases.flatMap((c) => [c.text, `${c.text} Semaine-3-cards.pdf`]);
    cases.forEach((c, i) => {
      for (const text of shown.slice(2 * i, 2 * i + 2)) {
        doc.addPage();
        d.paragraph(text, 40, 40, d.textWidth(`${c.before} `, 11) + 0.5, { size: 11 });
      }
    });
    const chunks: Uint8Array[] = [];
    const done = new Promise((resolve) => doc.on('end', resolve));
    doc.on('data', (b: Uint8Array) => chunks.push(b));
    doc.end();
    await done;
    const pages = readPages(save('narrow.pdf', Buffer.concat(chunks)));
    const starts = pages.flatMap((p, i) => lines(p.words).filter((l) => /^[:;!?]/.test(l[0]!)).map((l) => `${shown[i]} → ${l.join(' ')}`));
    expect(starts).toEqual([]);
  });

  it('every font a teacher can choose has the no-break space', () => {
    const files = [
      ...Object.values(FONT_FILES),
      ...Object.values(FONT_CHOICES)
        .filter((c) => c !== null)
        .flatMap((c) => Object.values(c!).flatMap((faces) => faces.filter((f) => f.file.includes('-latin-') && !f.file.includes('-latin-ext-')).map((f) => f.file.replace(/^npm:/, 'node_modules/')))),
    ];
    for (const file of new Set(files)) {
      const charset = execFileSync('fc-query', ['-f', '%{charset}', file], { encoding: 'utf8' });
      const covered = charset.split(/\s+/).filter(Boolean).some((r) => {
        const [a, b = a] = r.split('-').map((h) => parseInt(h, 16));
        return a! <= 0xa0 && 0xa0 <= b!;
      });
      expect(covered, file).toBe(true);
    }
  });
});
