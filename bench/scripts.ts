// Text in other scripts: what a page costs when its title (or a whole word deck) needs fallback
// fonts, against the same page in English, which takes the page font's own path untouched.
// Cold = the first document of the process (fonts opened and parsed); warm = medians after.
import { fileURLToPath } from 'node:url';
import { calcudoku } from '../src/kinds/calcudoku/index.js';
import { documentPages, generateItems, kindPart } from '../src/run.js';
import { Templates } from '../src/layout/templates.js';
import { renderToBuffer } from '../src/pdf/render.js';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const TITLES: [string, string][] = [
  ['English', 'Week 3 puzzles'],
  ['Arabic', 'ألغاز الحساب للصف الرابع'],
  ['Chinese', '第三周数学练习题'],
  ['Hindi', 'सप्ताह तीन की पहेलियाँ'],
];

export async function bench(): Promise<string> {
  const options = calcudoku.schema.parse({ size: 6, difficulty: 'medium' });
  const items = generateItems(calcudoku, options, 'bench-scripts', 8);
  const lines: string[] = [];
  for (const [what, title] of TITLES) {
    const times: number[] = [];
    for (let run = 0; run < 7; run++) {
      const t = performance.now();
      const templates = new Templates();
      const part = kindPart(calcudoku, options, items, { paper: 'a4', title }, templates);
      const files = documentPages([part], 'back');
      await renderToBuffer(files.main, { paper: 'a4', templates, meta: { title, subject: '', keywords: '' } });
      times.push(performance.now() - t);
    }
    lines.push(`8 Calcudoku + key, title in ${what}: cold ${times[0]!.toFixed(0)} ms, warm median ${median(times.slice(1)).toFixed(0)} ms`);
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await bench());
