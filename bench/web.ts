// The web page's figures (issue 10): shipped size (gzip), first visit to interactive, a 6x6
// Calcudoku sheet of 8 with its key previewed after pressing Make, the 57-card deck, and a class of
// 30 with the README's plan in the browser, with the longest time the page's main thread was busy.
// Needs the built page (npm run web:build) and Debian's chromium.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { WEB_DIR } from '../src/cli/web-command.js';
import { runs, settled, webSession, type WebSession } from '../test/helpers/browser.js';

const ROUNDS = 5;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function sizes(): string[] {
  const dir = join(WEB_DIR, 'assets');
  const groups: Record<string, { raw: number; gz: number }> = {};
  const group = (f: string) =>
    /^index-.*\.(js|css)$/.test(f) ? 'page (HTML, JS, CSS)' : /^worker-/.test(f) ? 'worker: generators, layout, PDF' : /\.ttf$/.test(f) ? 'fonts (every PDF)' : /^icons-/.test(f) ? 'symbol art (decks only)' : /^pdf/.test(f) ? 'pdf.js preview (after the first sheet starts)' : /^batch-/.test(f) ? 'class sets (on demand)' : 'other';
  for (const f of [...readdirSync(dir).map((f) => join('assets', f)), 'index.html']) {
    const bytes = readFileSync(join(WEB_DIR, f));
    const g = f === 'index.html' ? 'page (HTML, JS, CSS)' : group(f.slice(7));
    groups[g] ??= { raw: 0, gz: 0 };
    groups[g].raw += statSync(join(WEB_DIR, f)).size;
    groups[g].gz += gzipSync(bytes, { level: 9 }).length;
  }
  return Object.entries(groups).map(([g, s]) => `  ${g.padEnd(46)} ${(s.raw / 1024).toFixed(0).padStart(6)} KB, gzip ${(s.gz / 1024).toFixed(0).padStart(5)} KB`);
}

/** A fresh browser context: nothing cached, as on a first visit. */
async function timeVisit(s: WebSession, path: string, press: boolean): Promise<{ interactive: number; first: number; again: number }> {
  const page = await s.page();
  const t0 = performance.now();
  await page.goto(`${s.url}${path}`);
  await page.waitForSelector('.controls');
  const interactive = performance.now() - t0;
  await settled(page, 0, 180_000);
  const first = performance.now() - t0 - interactive;
  let again = NaN;
  if (press) {
    const before = await runs(page);
    const t1 = performance.now();
    await page.click('button:has-text("Make the puzzles")');
    await settled(page, before, 180_000);
    await page.waitForFunction(() => (document.querySelector('canvas.page') as HTMLCanvasElement | null)?.width);
    again = performance.now() - t1;
  }
  await page.context().close();
  return { interactive, first, again };
}

async function classOf30(s: WebSession): Promise<{ ms: number; longest: number; text: string }> {
  const page: Page = await s.page();
  await page.goto(`${s.url}?view=class`);
  await page.waitForSelector('#roster');
  await page.evaluate(() => {
    (window as unknown as { longest: number }).longest = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) (window as unknown as { longest: number }).longest = Math.max((window as unknown as { longest: number }).longest, e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  await page.fill('#roster', Array.from({ length: 30 }, (_, i) => `Pupil ${i + 1}`).join('\n'));
  const t = performance.now();
  await page.click('button:has-text("Make the class set")');
  const text = await settled(page, 0, 600_000);
  const ms = performance.now() - t;
  const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
  await page.context().close();
  return { ms, longest, text };
}

export async function bench(): Promise<string> {
  const lines = ['shipped (built page, gzip -9):', ...sizes()];
  const s = await webSession();
  try {
    const sheet: { interactive: number; first: number; again: number }[] = [];
    const deck: { interactive: number; first: number; again: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      sheet.push(await timeVisit(s, '?kind=calcudoku&size=6&count=8&seed=bench&answers=separate', true));
      deck.push(await timeVisit(s, '?kind=dobble&seed=bench', true));
    }
    const m = (xs: { [k: string]: number }[], k: string) => median(xs.map((x) => x[k]!)).toFixed(0);
    lines.push(
      `first visit, interactive (kinds listed, form usable): median ${m(sheet, 'interactive')} ms over ${ROUNDS} fresh visits (target < 1500)`,
      `Calcudoku 6x6 x 8 + key, first sheet after the visit (fonts fetched, code warming up): median ${m(sheet, 'first')} ms`,
      `Calcudoku 6x6 x 8 + key, pressing Make until the page is drawn: median ${m(sheet, 'again')} ms (target < 1000)`,
      `57-card deck, first after the visit (symbol art fetched): median ${m(deck, 'first')} ms`,
      `57-card deck, pressing Make until the page is drawn: median ${m(deck, 'again')} ms (target < 2000)`,
    );
    const c = await classOf30(s);
    lines.push(`class of 30, README plan, in the browser: ${(c.ms / 1000).toFixed(1)} s (target < 20 s); longest busy stretch of the page itself ${c.longest.toFixed(0)} ms; "${c.text}"`);
  } finally {
    await s.close();
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await bench());
