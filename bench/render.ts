// The engine's own figure: 100 Calcudoku puzzles with their answer key rendered to PDF (< 2 s).
// Generation is timed apart, so this measures layout, templates and PDFKit alone.
import { fileURLToPath } from 'node:url';
import { calcudoku } from '../src/kinds/calcudoku/index.js';
import { documentPages, generateItems, kindPart } from '../src/run.js';
import { Templates } from '../src/layout/templates.js';
import { renderToBuffer } from '../src/pdf/render.js';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function bench(): Promise<string> {
  const options = calcudoku.schema.parse({ size: 6, difficulty: 'medium' });
  let t = performance.now();
  const items = generateItems(calcudoku, options, 'bench-render', 100);
  const genMs = performance.now() - t;
  const lines = [`generate 100 Calcudoku 6x6 medium: ${genMs.toFixed(0)} ms (not part of the render figure)`];
  const times: number[] = [];
  let bytes = 0;
  let pages = 0;
  for (let run = 0; run < 5; run++) {
    t = performance.now();
    const templates = new Templates();
    const part = kindPart(calcudoku, options, items, { paper: 'a4' }, templates);
    const files = documentPages([part], 'back');
    const pdf = await renderToBuffer(files.main, { paper: 'a4', templates, meta: { title: 'bench', subject: '', keywords: '' } });
    times.push(performance.now() - t);
    bytes = pdf.length;
    pages = files.main.length;
  }
  lines.push(
    `render 100 puzzles + answer key: median ${median(times).toFixed(0)} ms over 5 runs (first ${times[0]!.toFixed(0)} ms), ` +
      `${pages} pages, ${(bytes / 1024).toFixed(0)} KB; target < 2000 ms: ${(2000 / median(times)).toFixed(1)}x under`,
  );
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await bench());
