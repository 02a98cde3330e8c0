import '../src/port/node.js';
import { describe, expect, it } from 'vitest';
import { createDocument, settlePageText } from '../src/pdf/document.js';
import { Draw } from '../src/pdf/draw.js';
import { CollectedDocument } from '../src/pdf/render.js';

/** A two-page document; `settle` is called between the drawings of a page, as the class key does after each pupil. */
async function drawn(settle: boolean): Promise<Uint8Array> {
  const out = new CollectedDocument('a4', { title: 'settle', subject: '', keywords: '' });
  const d = new Draw(out.doc);
  for (let page = 0; page < 2; page++) {
    out.doc.addPage();
    for (let pupil = 0; pupil < 3; pupil++) {
      d.text(`Pupil ${page * 3 + pupil}`, { x: 50, y: 60 + pupil * 200, w: 200, h: 20 }, { size: 12, font: 'bold' });
      d.line(50, 85 + pupil * 200, 500, 85 + pupil * 200, { stroke: '#999999', width: 0.5 });
      for (let i = 0; i < 12; i++) d.text(String(i * 7), { x: 50 + i * 30, y: 100 + pupil * 200, w: 30, h: 20 }, { size: 10 });
      if (settle) settlePageText(out.doc);
    }
  }
  return out.end();
}

describe('settlePageText (a long page of the class key turned into bytes as it goes)', () => {
  it('writes the same bytes as a page whose operators are turned into bytes only at its end', async () => {
    const a = await drawn(false);
    const b = await drawn(true);
    expect(a.length).toBeGreaterThan(1000);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
  });

  it('leaves none of the page’s operators held as text', () => {
    const doc = createDocument('a4', { title: 't', subject: '', keywords: '' });
    doc.addPage();
    new Draw(doc).text('Ava', { x: 50, y: 60, w: 200, h: 20 }, { size: 12 });
    const content = (doc as unknown as { page: { content: { text?: string[] | null; buffer: Uint8Array[] } } }).page.content;
    expect(content.text?.length).toBeGreaterThan(0);
    const chunks = content.buffer.length;
    settlePageText(doc);
    expect(content.text ?? null).toBe(null);
    expect(content.buffer.length).toBe(chunks + 1);
  });
});
