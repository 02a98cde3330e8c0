/**
 * Dobble speed and size: a full PDF (generate, check, lay out pages, draw, compress) for the
 * default 57-card colour deck with backs, and for the order-13 deck (183 cards of 14 symbols).
 * Run: node --import tsx bench/dobble.ts
 */
import { pathToFileURL } from 'node:url';
import { generateItems, kindPart, documentPages, Templates } from '../src/run.js';
import { renderToBuffer } from '../src/pdf/render.js';
import { dobble } from '../src/kinds/dobble/index.js';

interface Run {
  ms: number;
  cpuMs: number;
  bytes: number;
  pages: number;
}

async function deckPdf(raw: Record<string, unknown>, seed: string): Promise<Run> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const templates = new Templates({});
  const options = dobble.schema.parse(raw);
  const items = generateItems(dobble, options, seed, 1);
  const part = kindPart(dobble, options, items, { paper: 'a4' }, templates);
  const pages = documentPages([part], 'back').main;
  const pdf = await renderToBuffer(pages, { paper: 'a4', templates, meta: { title: 'Dobble', subject: 'bench', keywords: 'bench' } });
  const cpu = process.cpuUsage(cpu0);
  return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, bytes: pdf.length, pages: pages.length };
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

async function row(label: string, raw: Record<string, unknown>, runs: number, target: string): Promise<string> {
  const rs: Run[] = [];
  for (let i = 0; i < runs; i++) rs.push(await deckPdf(raw, `bench-${i}`));
  const ms = rs.map((r) => r.ms);
  const cpu = rs.map((r) => r.cpuMs);
  const kb = rs.map((r) => r.bytes / 1024);
  return [
    label.padEnd(34),
    String(runs).padStart(4),
    quantile(ms, 0.5).toFixed(0).padStart(8),
    quantile(ms, 0.95).toFixed(0).padStart(8),
    quantile(cpu, 0.5).toFixed(0).padStart(8),
    quantile(kb, 0.5).toFixed(0).padStart(7),
    String(rs[0]!.pages).padStart(6),
    `  ${target}`,
  ].join('');
}

export async function bench(): Promise<string> {
  // the first deck pays for loading the icon data, fonts and JIT warm-up: reported on its own
  const cold = await deckPdf({ backs: true }, 'bench-cold');
  const lines = [
    'Dobble (full PDF, A4)'.padEnd(34) + 'runs'.padStart(4) + 'med ms'.padStart(8) + 'p95 ms'.padStart(8) + 'cpu ms'.padStart(8) + 'KB'.padStart(7) + 'pages'.padStart(6) + '  target',
    `${'57 cards, K=8, backs (first run)'.padEnd(34)}${'1'.padStart(4)}${cold.ms.toFixed(0).padStart(8)}${''.padStart(8)}${cold.cpuMs.toFixed(0).padStart(8)}${(cold.bytes / 1024).toFixed(0).padStart(7)}${String(cold.pages).padStart(6)}  (includes loading)`,
    await row('57 cards, K=8, backs', { backs: true }, 12, '< 500 ms, < 300 KB'),
    await row('55 cards, K=8, hexagon, numbers', { cards: 55, shape: 'hexagon', numbers: true }, 6, ''),
    await row('183 cards, K=14 (order 13)', { symbolsPerCard: 14 }, 4, '< 3000 ms'),
    await row('183 cards, K=14, backs', { symbolsPerCard: 14, backs: true }, 3, ''),
  ];
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await bench());
}
