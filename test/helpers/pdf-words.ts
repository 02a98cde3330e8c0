import { execFileSync } from 'node:child_process';

/** A PDF's words with their boxes, as pdftotext -bbox reads them (poppler, not our code). */
export interface Word { x0: number; y0: number; x1: number; y1: number; text: string }
export interface Page { w: number; words: Word[] }

export function readPages(file: string): Page[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return html.split('<page ').slice(1).map((p) => ({
    w: Number(/width="([\d.]+)"/.exec(p)![1]),
    words: [...p.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]), text: m[5]!.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
    })),
  }));
}
