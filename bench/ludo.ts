/**
 * Multiplication Ludo simulator speed: 100,000 games of Auto120 v random, as the issue asks
 * (target under 5 s; a straightforward Python simulation takes about 100 s). The figures of
 * auto120-keep sit beside it because that reading is the one behind the 87.6% / 157 rolls.
 * Run: node --import tsx bench/ludo.ts
 */
import { simulate } from '../src/kinds/ludo/simulate.js';

const GAMES = 100_000;
const RUNS = 5;
const PYTHON_S = 100;
const TARGET_S = 5;

function once(seed: string, player = 'auto120'): { wall: number; cpu: number; winRate: number; ci: [number, number]; meanTurns: number } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = simulate({ games: GAMES, players: [player, 'random'], seed, first: 'alternate' });
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(cpu0);
  return { wall, cpu: (c.user + c.system) / 1e6, winRate: r.winRate[player]!, ci: r.ci95[player]!, meanTurns: r.meanTurns };
}

const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};

export async function bench(): Promise<string> {
  once('warm-up');
  const runs = Array.from({ length: RUNS }, (_, i) => once(`bench-${i}`));
  const walls = runs.map((r) => r.wall);
  const median = quantile(walls, 0.5);
  const keep = once('bench-keep', 'auto120-keep');
  const rows = [
    ['measure', 'value'],
    ['games per run', GAMES.toLocaleString('en')],
    ['runs', String(RUNS)],
    ['wall median', `${median.toFixed(2)} s`],
    ['wall p95', `${quantile(walls, 0.95).toFixed(2)} s`],
    ['CPU median', `${quantile(runs.map((r) => r.cpu), 0.5).toFixed(2)} s`],
    ['games per second', Math.round(GAMES / median).toLocaleString('en')],
    ['target (5 s)', median < TARGET_S ? `met, ${(TARGET_S / median).toFixed(1)}x under` : 'MISSED'],
    ['v. Python (~100 s)', `${(PYTHON_S / median).toFixed(0)}x faster`],
    ['auto120 win rate', `${pct(quantile(runs.map((r) => r.winRate), 0.5))}`],
    ['turns per game', quantile(runs.map((r) => r.meanTurns), 0.5).toFixed(1)],
    ['auto120-keep win rate', `${pct(keep.winRate)} (95%: ${pct(keep.ci[0])} to ${pct(keep.ci[1])}; issue 87.6%)`],
    ['auto120-keep turns', `${keep.meanTurns.toFixed(1)} (issue ~157), ${keep.wall.toFixed(2)} s`],
  ];
  const w = Math.max(...rows.map((r) => r[0]!.length));
  return ['Multiplication Ludo simulate: auto120 v random', ...rows.map(([a, b]) => `${a!.padEnd(w)}  ${b}`)].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await bench());
