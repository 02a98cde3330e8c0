import { describe, expect, it } from 'vitest';
import '../src/port/node.js';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers/cli.js';
import { Draw } from '../src/pdf/draw.js';
import { createDocument } from '../src/pdf/document.js';
import { lineRuns, wrapText } from '../src/pdf/runs.js';

const tmp = mkdtempSync(join(tmpdir(), 'pp-scripts-'));

/** A one-page PDF drawn by `draw`, written to a file. */
async function page(name: string, draw: (d: Draw) => void): Promise<string> {
  const doc = createDocument('a4', { title: name, subject: '', keywords: '' });
  const chunks: Uint8Array[] = [];
  doc.on('data', (c: Uint8Array) => chunks.push(c));
  const done = new Promise((r) => doc.on('end', r));
  doc.addPage();
  draw(new Draw(doc));
  doc.end();
  await done;
  const file = join(tmp, `${name}.pdf`);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

/** Text as pdftotext reads it, without the direction marks it wraps right-to-left lines in. */
function pdfText(file: string): string[] {
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

const LINES: [string, string][] = [
  ['Greek', 'Καλημέρα κόσμε'],
  ['Cyrillic', 'Привет мир'],
  ['Arabic', 'مرحبا بالعالم'],
  ['Arabic joined letters', 'حساب الأقفاص لا'],
  ['Hebrew', 'שלום עולם'],
  ['Chinese', '你好世界 数学谜题'],
  ['Japanese', 'こんにちは 日本語'],
  ['Korean', '안녕하세요 세계'],
  ['Devanagari', 'नमस्ते दुनिया किताब'],
  ['Thai', 'สวัสดีครับ น้ำ คำ'],
  ['Latin with accents', 'Zoë Ångström Łukasz'],
];

describe('text in any script', () => {
  it('comes back from pdftotext in reading order with the right letters, regular and bold', async () => {
    const file = await page('lines', (d) =>
      LINES.forEach(([, t], i) => {
        d.text(t, { x: 50, y: 40 + i * 36, w: 300, h: 28 }, { size: 16 });
        d.text(t, { x: 50, y: 420 + i * 36, w: 300, h: 28 }, { size: 16, font: 'bold' });
      }),
    );
    const got = pdfText(file);
    for (const [what, t] of LINES) expect(got.filter((l) => l === t), what).toHaveLength(2);
  });

  it('wraps Arabic at spaces and Chinese between characters, every line within its box', async () => {
    const arabic = 'هذا نص طويل باللغة العربية يجب أن يلتف على عدة أسطر داخل الصندوق الضيق هنا';
    const chinese = '这是一个很长的中文句子它没有空格所以必须按字符换行才能放进这个窄小的方框里';
    const w = 160;
    let arLines: string[] = [];
    let zhLines: string[] = [];
    const file = await page('wrap', (d) => {
      arLines = wrapText(d.doc, arabic, w, 12, 'regular');
      zhLines = wrapText(d.doc, chinese, w, 12, 'regular');
      for (const l of [...arLines, ...zhLines]) expect(d.textWidth(l, 12)).toBeLessThanOrEqual(w);
      const h = d.paragraph(arabic, 50, 50, w, { size: 12 });
      expect(h).toBeCloseTo(d.paragraphHeight(arabic, w, { size: 12 }));
      d.paragraph(chinese, 50, 300, w, { size: 12 });
    });
    expect(arLines.length).toBeGreaterThan(2);
    expect(zhLines.length).toBeGreaterThan(2);
    expect(arLines.join(' ')).toBe(arabic);
    expect(zhLines.join('')).toBe(chinese);
    const got = pdfText(file);
    expect(got.slice(0, arLines.length)).toEqual(arLines);
    expect(got.slice(arLines.length, arLines.length + zhLines.length)).toEqual(zhLines);
  });

  it('never starts a Chinese line with a comma or full stop, nor ends one with an opening bracket', async () => {
    // commas and brackets at every place, in boxes of many widths, so some break lands on each
    const chinese = '角上的1只能往下走。然后拐弯，连到另一个1。这是「一个」很长的句子，它没有空格，所以必须按字符换行（才能）放进方框里。';
    await page('marks', (d) => {
      let wraps = 0;
      for (let w = 40; w <= 200; w += 3) {
        const lines = wrapText(d.doc, chinese, w, 12, 'regular');
        wraps += lines.length - 1;
        expect(lines.join(''), `width ${w}`).toBe(chinese);
        for (const l of lines.slice(1)) expect(l, `width ${w}`).not.toMatch(/^[，。」）]/);
        for (const l of lines.slice(0, -1)) expect(l, `width ${w}`).not.toMatch(/[「（]$/);
      }
      expect(wraps).toBeGreaterThan(50);
    });
  });
});

describe('right-to-left paragraphs', () => {
  it('read from the right on an Arabic page even when a line starts with a square\'s name', () => {
    const doc = createDocument('a4', { title: 'ar', subject: '', keywords: '' });
    doc.addPage();
    const text = 'A4 = 3 (المكان الوحيد للعدد 4 في الصف 6)، A6 = 4';
    // alone, its first letter makes it left to right: the first square's name at the left
    expect(lineRuns(doc, text, 'regular').runs[0]!.text).toMatch(/^A4 = 3/);
    // in an Arabic paragraph it is the first thing read, so it sits at the right, still A4 = 3
    const rtl = lineRuns(doc, text, 'regular', true);
    expect(rtl.rtl).toBe(true);
    expect(rtl.runs[rtl.runs.length - 1]!.text).toBe('A4 = 3');
    expect(rtl.runs[0]!.text).toBe('A6 = 4');
  });

  it('are drawn so on Arabic pages: the first square named sits at the right, not the left margin', async () => {
    const text = 'A4 = 3 (المكان الوحيد للعدد 4 في الصف 6)، A6 = 4 (المكان الوحيد للعدد 4 في الصف 6).';
    const firstName = async (rtl: boolean) => {
      const file = await page(`rtl-${rtl}`, (d) => ((d.rtl = rtl), d.paragraph(text, 100, 100, 300, { size: 10 })));
      const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
      return Number(/<word xMin="([\d.]+)"[^>]*>A4<\/word>/.exec(html)![1]);
    };
    expect(await firstName(false)).toBeLessThan(110);
    expect(await firstName(true)).toBeGreaterThan(300);
  });
});

describe('text no font can show', () => {
  it('is refused in one line naming the characters, exit 2, no file', () => {
    const out = join(tmp, 'hieroglyph.pdf');
    const r = cli(['calcudoku', '--seed', 'a', '--count', '2', '--title', 'Pharaoh 𓀀', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('𓀀');
    expect(r.stderr).toContain('U+13000');
    expect(existsSync(out)).toBe(false);
  });
});

describe('emoji', () => {
  // A skin tone, a keycap, a flag and people joined by U+200D are one picture each: drawn from one
  // font file, as one glyph (their parts alone are listed in other files of the same font).
  const SEQUENCES = ['👍🏽', '3️⃣', '🇬🇧', '👩‍🏫'];

  it('print in titles, each sequence as one picture', async () => {
    const out = join(tmp, 'emoji-title.pdf');
    const title = `Week 3 ⭐ ${SEQUENCES.join(' ')} 🦜`;
    const r = cli(['calcudoku', '--seed', 'a', '--count', '2', '--title', title, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(pdfText(out)[0]).toBe(title);
    const doc = createDocument('a4', { title: 'e', subject: '', keywords: '' });
    doc.addPage();
    for (const seq of SEQUENCES) {
      const { runs } = lineRuns(doc, `a ${seq} b`, 'bold');
      const emoji = runs.find((run) => run.text.includes(seq.slice(0, 2)))!;
      expect(emoji.text.trim(), seq).toBe(seq);
      const font = (doc.font(emoji.font) as unknown as { _font: { font: { layout(t: string): { glyphs: unknown[] } } } })._font.font;
      expect(font.layout(seq).glyphs, seq).toHaveLength(1);
    }
  });
});

describe('plain English output', () => {
  // Hash of this run's PDF made on main before fallback fonts existed (commit 9664ce7). Text the
  // page's own font draws alone takes the old path, so these bytes must not change; a change that
  // means to alter English pages must say so and update the hash. Updated for tagged PDFs (branch
  // access): the same drawing, wrapped in marked content, plus the structure tree. The worked
  // example ("How to start", issue 11 item 8) changed the first page on purpose, so this run leaves
  // it out. Updated again when the puzzle number and code came to sit on their grid (the label
  // line moved to the grid's top edge in slots that are not square). Updated when Draw came to write a
  // line's width, cap, join and stroke colour only when they change in the stream (same pixels at
  // 50, 100 and 150 dpi; shorter content streams). Updated when the Calcudoku generator came to
  // rule out swappable layouts without grading them (issue 12 speed): the seed gives other puzzles.
  // Updated when Draw came to write its one-line texts with a flipped text matrix instead of q, cm
  // and Q around each, colours to four decimals, and a fill colour only when it changes (the same
  // pixels at 150 dpi; shorter streams). Updated when streams came to be deflated at level 4, not 6
  // (the same pixels).
  // Updated when the instructions came to call a group a box, as the example and the web page do.
  // Updated when the answer key's eight codes came to be set on two lines at 7.5 pt, not one at
  // about 5 (pages 1 and 2 the same pixels at 40 dpi; page 3, the key, differs).
  // Updated when sizes came to be printed "6×6", not "6x6" (pdftotext of the pages differs in that
  // sign alone).
  // Updated when colours came to be written as rg/RG, a cage's wall along several squares as one
  // line, and a one-line text's font only when it changes (all three pages the same pixels at 150 dpi).
  // Updated when a paragraph's lines came to be written as one-line texts are, without PDFKit's q,
  // flip and Q around each (all three pages the same pixels at 150 dpi, pdftotext the same).
  it('is byte for byte as before the fallback fonts', () => {
    const out = join(tmp, 'english.pdf');
    const r = cli(['calcudoku', '--size', '6', '--difficulty', 'hard', '--count', '8', '--seed', 'demo', '--no-example', '--out', out]);
    expect(r.code).toBe(0);
    expect(createHash('sha256').update(readFileSync(out)).digest('hex')).toBe('b07ce5a14b87987cc37356b3096e698ba8bb659a5875932410340e1d5f5410f7');
  });
});

describe('class sets and word decks in other scripts', () => {
  it('print each pupil\'s name in its own script, in a file named in that script', () => {
    for (const [lang, names] of [
      ['arabic', ['محمد علي', 'فاطمة', 'يوسف']],
      ['chinese', ['李小龙', '王芳', '张伟']],
    ] as const) {
      const dir = join(tmp, `class-${lang}`);
      const roster = join(tmp, `${lang}.csv`);
      writeFileSync(roster, `name\n${names.join('\n')}\n`);
      const plan = join(tmp, `${lang}.yaml`);
      writeFileSync(plan, `title: ${names[0]}\nseed: s\nroster: ${roster}\nworksheets:\n  - kind: calcudoku\n    size: 4\n    count: 2\n`);
      const r = cli(['batch', plan, '--out', dir]);
      expect(r.code, r.stderr).toBe(0);
      for (const name of names) {
        const file = join(dir, `${name.replace(/ /g, '-')}.pdf`);
        expect(existsSync(file), file).toBe(true);
        expect(pdfText(file).join('\n')).toContain(name);
      }
      const key = pdfText(join(dir, 'answer-key.pdf')).join('\n');
      for (const name of names) expect(key).toContain(name);
    }
  });

  it('draw word decks in Chinese and Hebrew, emoji lines as their pictures, and refuse a character no font has', () => {
    const zh = ['苹果', '香蕉', '老虎', '大象', '熊猫', '月亮', '太阳', '星星', '小猫', '小狗', '汽车', '飞机', '🍎'];
    const he = ['תפוח', 'בננה', 'נמר', 'פיל', 'דוב', 'ירח', 'שמש', 'כוכב', 'חתול', 'כלב', 'מכונית', 'מטוס', 'ספר'];
    for (const [lang, words] of [['zh', zh], ['he', he]] as const) {
      const list = join(tmp, `${lang}.txt`);
      writeFileSync(list, `${words.join('\n')}\n`);
      const out = join(tmp, `deck-${lang}.pdf`);
      const r = cli(['dobble', '--seed', 'w', '--symbols', list, '--symbols-per-card', '4', '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      const got = pdfText(out).join('\n');
      for (const w of words.filter((w) => !/\p{Extended_Pictographic}/u.test(w))) expect(got, w).toContain(w);
    }
    const bad = join(tmp, 'bad.txt');
    writeFileSync(bad, ['cat', 'dog', 'hen', 'cow', 'pig', 'fox', 'pharaoh 𓀀'].join('\n'));
    const r = cli(['dobble', '--seed', 'w', '--symbols', bad, '--symbols-per-card', '3', '--out', join(tmp, 'bad.pdf')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('𓀀');
    expect(existsSync(join(tmp, 'bad.pdf'))).toBe(false);
  });
});
