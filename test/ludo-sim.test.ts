import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { playGame, type Move } from '../src/kinds/ludo/game.js';
import { auto120Strategy, expectedStrategy, randomStrategy, type Strategy } from '../src/kinds/ludo/strategies.js';
import { simulate, simulateCommand, wilson, type SimulateOptions } from '../src/kinds/ludo/simulate.js';
import { auto120Chooser, randomChooser, referenceGame } from './helpers/ludo-reference.js';

const GAMES = 20_000;
const opts = (players: [string, string], games = GAMES, seed = 't'): SimulateOptions => ({ games, players, seed, first: 'alternate' });

/** Half-width allowance for two independent estimates of the same rate: 4.5 standard errors. */
const allowance = (p: number, n: number): number => 4.5 * Math.sqrt((2 * p * (1 - p)) / n);

describe('Ludo simulator', { timeout: 60_000 }, () => {
  it('agrees with an independent simulator on auto120 v random', () => {
    const ours = simulate(opts(['auto120', 'random']));
    const rng = new Rng('reference');
    let wins = 0;
    let rolls = 0;
    for (let g = 0; g < GAMES; g++) {
      const r = referenceGame([auto120Chooser, randomChooser], rng, g % 2);
      if (r.winner === 0) wins++;
      rolls += r.rolls;
    }
    const p = wins / GAMES;
    expect(Math.abs(ours.winRate.auto120! - p)).toBeLessThan(allowance(p, GAMES));
    expect(Math.abs(ours.meanTurns - rolls / GAMES)).toBeLessThan(0.03 * (rolls / GAMES));
    // The issue reports about 87.6% and ~157 rolls; read literally, with random tie-breaks, the rules give ~85% and ~170.
    expect(p).toBeGreaterThan(0.82);
    expect(p).toBeLessThan(0.9);
    expect(ours.meanTurns).toBeGreaterThan(140);
    expect(ours.meanTurns).toBeLessThan(190);
  });

  it('gives random v random an even split, inside the Wilson interval', () => {
    const r = simulate(opts(['random', 'random']));
    const [lo, hi] = r.ci95['random#1']!;
    expect(r.wins['random#1']! + r.wins['random#2']!).toBe(GAMES);
    expect(lo - 0.005).toBeLessThan(0.5);
    expect(hi + 0.005).toBeGreaterThan(0.5);
  });

  it('has our expected-turns strategy beat Auto120', () => {
    const r = simulate(opts(['expected', 'auto120'], 10_000));
    expect(r.ci95.expected![0]).toBeGreaterThan(0.55);
  });

  it('is reproducible for a seed and changes with it', () => {
    const a = simulate(opts(['auto120', 'random'], 2000, 'x'));
    const b = simulate(opts(['auto120', 'random'], 2000, 'x'));
    const c = simulate(opts(['auto120', 'random'], 2000, 'y'));
    expect(b).toEqual(a);
    expect(c.meanTurns).not.toBe(a.meanTurns);
  });

  it('computes Wilson intervals', () => {
    const [lo, hi] = wilson(5, 10);
    expect(lo).toBeCloseTo(0.2366, 4);
    expect(hi).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(0, 10)[1]).toBeCloseTo(0.2775, 4);
  });

  it('runs as a subcommand with progress and the JSON the issue asks for', () => {
    const parsed = simulateCommand.schema.parse({ games: '12000', players: 'auto120, random', seed: '1' });
    const calls: number[] = [];
    const out = simulateCommand.run(parsed, (done) => calls.push(done));
    const json = out.json as { games: number; wins: Record<string, number>; meanTurns: number };
    expect(json.games).toBe(12_000);
    expect(json.wins.auto120! + json.wins.random!).toBe(12_000);
    expect(json.meanTurns).toBeGreaterThan(100);
    expect(calls).toEqual([5000, 10_000, 12_000]);
    expect(out.text).toMatch(/auto120 .*%.* to .*%/);
    expect(simulateCommand.schema.safeParse({ players: 'auto120' }).success).toBe(false);
    expect(simulateCommand.schema.safeParse({ players: 'auto120,clever' }).success).toBe(false);
    expect(simulateCommand.schema.safeParse({ games: '0' }).success).toBe(false);
  });
});

/** Re-plays a logged game by the rules, independently of the engine. */
function audit(log: Move[], players: [Strategy, Strategy]): string[] {
  const boards = [
    [1, 1, 1, 1],
    [1, 1, 1, 1],
  ];
  const bad: string[] = [];
  log.forEach((m, i) => {
    if (i > 0 && m.player === log[i - 1]!.player) bad.push(`${i}: same player twice`);
    if (m.roll === 1) return;
    const mine = boards[m.player]!;
    const theirs = boards[1 - m.player]!;
    if (mine[m.marker] !== m.from || m.from === 120) bad.push(`${i}: marker not on ${m.from}`);
    if (players[m.player] === auto120Strategy) {
      const rank = (k: number): number => {
        const to = mine[k]! * m.roll;
        if (to === 120 || [20, 24, 30, 40, 60].includes(to)) return 0;
        if (to < 120 && 120 % to === 0) return 1;
        if (to < 120 && theirs.includes(to)) return 2;
        return to < 120 ? 3 : 4;
      };
      const best = Math.min(...[0, 1, 2, 3].filter((k) => mine[k] !== 120).map(rank));
      if (rank(m.marker) !== best) bad.push(`${i}: auto120 broke its order`);
    }
    const to = m.from * m.roll;
    let bumped = 0;
    if (to > 120) mine[m.marker] = 1;
    else {
      mine[m.marker] = to;
      if (to < 120) theirs.forEach((p, j) => p === to && (bumped++, (theirs[j] = 1)));
    }
    if (m.to !== mine[m.marker] || m.bumped !== bumped) bad.push(`${i}: wrong result`);
  });
  return bad;
}

describe('Ludo engine', () => {
  it('follows the rules move by move in many seeded games', () => {
    const pairs: [Strategy, Strategy][] = [
      [auto120Strategy, randomStrategy],
      [expectedStrategy, auto120Strategy],
      [randomStrategy, randomStrategy],
    ];
    for (let g = 0; g < 300; g++) {
      const players = pairs[g % 3]!;
      const log: Move[] = [];
      const r = playGame(players, new Rng(`g${g}`), g % 2, undefined, log);
      expect(audit(log, players)).toEqual([]);
      expect(log.length).toBe(r.rolls);
      expect(log[0]!.player).toBe(g % 2);
      expect(log[log.length - 1]!.player).toBe(r.winner);
      const homes = log.filter((m) => m.player === r.winner && m.to === 120 && m.roll > 1).length;
      expect(homes).toBe(4);
    }
  });
});
