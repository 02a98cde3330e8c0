import { z } from 'zod';
import type { OptionSpec, Progress, SubCommand } from '../../core/kind.js';
import { Rng } from '../../core/rng.js';
import { MARKERS } from './rules.js';
import { playGame } from './game.js';
import { STRATEGIES, strategyByName, type Strategy } from './strategies.js';

export type FirstPlayer = 'alternate' | '1' | '2';

export interface SimulateOptions {
  games: number;
  players: [string, string];
  seed: string;
  first: FirstPlayer;
}

export interface SimulateResult {
  games: number;
  players: [string, string];
  seed: string;
  first: FirstPlayer;
  /** Keyed by strategy name; "random#1"/"random#2" when both players use the same one. */
  wins: Record<string, number>;
  winRate: Record<string, number>;
  ci95: Record<string, [number, number]>;
  /** Mean turns per game, both players together; one turn is one roll of the die, forfeited 1s included. */
  meanTurns: number;
  /** Mean rounds (a turn each) per game. */
  meanRounds: number;
}

const names = STRATEGIES.map((s) => s.name).join(', ');

export const simulateOptions: OptionSpec[] = [
  { key: 'games', flags: '--games <n>', description: 'how many games to play, 1 to 10,000,000 (default 100000)' },
  { key: 'players', flags: '--players <a,b>', description: `the two strategies, from ${names} (default auto120,random)` },
  { key: 'seed', flags: '--seed <text>', description: 'any word or number; the same seed gives the same figures (default 1)' },
  { key: 'first', flags: '--first <who>', description: 'who rolls first: alternate (game by game), 1 or 2 (default alternate)' },
];

export const playersSchema = z
  .string()
  .default('auto120,random')
  .transform((text, ctx): [string, string] => {
    const parts = text.split(',').map((s) => s.trim().toLowerCase());
    const known = new Set(STRATEGIES.map((s) => s.name));
    if (parts.length !== 2 || parts.some((p) => !known.has(p))) {
      ctx.addIssue({ code: 'custom', message: `must be two players separated by a comma, each one of ${names}, for example auto120,random` });
      return z.NEVER;
    }
    return [parts[0]!, parts[1]!];
  });

export const simulateSchema: z.ZodType<SimulateOptions> = z.object({
  games: z.coerce
    .number({ error: 'must be a whole number from 1 to 10000000' })
    .int({ error: 'must be a whole number from 1 to 10000000' })
    .min(1, { error: 'must be a whole number from 1 to 10000000' })
    .max(10_000_000, { error: 'must be a whole number from 1 to 10000000' })
    .default(100_000),
  players: playersSchema,
  seed: z.coerce.string().min(1, { error: 'must not be empty: any word or number will do' }).default('1'),
  first: z.enum(['alternate', '1', '2'], { error: 'must be alternate, 1 or 2' }).default('alternate'),
}) as z.ZodType<SimulateOptions>;

/** Wilson score interval: honest near 0% and 100%, where the textbook p ± 1.96·se is not. */
export function wilson(wins: number, n: number, z95 = 1.959963984540054): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const z2 = z95 * z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const PROGRESS_EVERY = 5000;

export function simulate(o: SimulateOptions, progress: Progress = () => {}): SimulateResult {
  const players: [Strategy, Strategy] = [strategyByName(o.players[0]), strategyByName(o.players[1])];
  const rng = new Rng(`ludo-simulate/${o.seed}`);
  const pos = new Int32Array(2 * MARKERS);
  const wins = [0, 0];
  let turns = 0;
  for (let g = 0; g < o.games; g++) {
    const first = o.first === 'alternate' ? g % 2 : Number(o.first) - 1;
    const r = playGame(players, rng, first, pos);
    wins[r.winner]!++;
    turns += r.rolls;
    if ((g + 1) % PROGRESS_EVERY === 0 || g + 1 === o.games) progress(g + 1, o.games);
  }
  const keys = o.players[0] === o.players[1] ? [`${o.players[0]}#1`, `${o.players[1]}#2`] : [...o.players];
  const out: SimulateResult = {
    games: o.games,
    players: [...o.players],
    seed: o.seed,
    first: o.first,
    wins: {},
    winRate: {},
    ci95: {},
    meanTurns: turns / o.games,
    meanRounds: turns / o.games / 2,
  };
  keys.forEach((k, i) => {
    out.wins[k] = wins[i]!;
    out.winRate[k] = wins[i]! / o.games;
    out.ci95[k] = wilson(wins[i]!, o.games);
  });
  return out;
}

const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;

export function simulateText(r: SimulateResult): string {
  const keys = Object.keys(r.wins);
  const firstText = r.first === 'alternate' ? 'players take turns to start, game by game' : `player ${r.first} always starts`;
  const width = Math.max(8, ...keys.map((k) => k.length + 2));
  const lines = [
    `Multiplication Ludo: ${r.games.toLocaleString('en')} games, ${r.players.join(' v ')}, seed ${r.seed} (${firstText})`,
    '',
    `${'player'.padEnd(width)}${'wins'.padStart(10)}${'win rate'.padStart(10)}   95% confidence (Wilson)`,
    ...keys.map((k, i) => {
      const [lo, hi] = r.ci95[k]!;
      return `${`${i + 1} ${k}`.padEnd(width)}${String(r.wins[k]).padStart(10)}${pct(r.winRate[k]!).padStart(10)}   ${pct(lo)} to ${pct(hi)}`;
    }),
    '',
    `Mean game length: ${r.meanTurns.toFixed(1)} turns (${r.meanRounds.toFixed(1)} each). A turn is one roll of the die;`,
    'a roll of 1 loses the turn but still counts.',
  ];
  return lines.join('\n');
}

export const simulateCommand: SubCommand<SimulateOptions> = {
  name: 'simulate',
  description: 'play many games between two strategies and print win rates with 95% confidence intervals',
  options: simulateOptions,
  schema: simulateSchema,
  run(options, progress) {
    const result = simulate(options, progress);
    return { text: simulateText(result), json: result };
  },
};
