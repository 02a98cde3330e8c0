import { describe, expect, it } from 'vitest';
import { fromPlain, toPlain } from '../src/core/errors.js';
import { parseCommon, parseKindOptions } from '../src/core/options.js';
import { parsePlanText } from '../src/batch/plan.js';
import { generateItems } from '../src/run.js';
import { KINDS } from '../src/kinds/index.js';
import { caught, kind } from './helpers/mistakes.js';

const option = (name: string, raw: Record<string, unknown>) => caught(() => parseKindOptions(kind(name), raw));
const plan = (text: string) => caught(() => parsePlanText(text, 'w.yaml'));
const SHEETS = 'worksheets:\n  - kind: flow\n';

// A page words a mistake from what it is about, set where it is found, not from the command line's words.
describe('a mistake says what it is about, as data', () => {
  it('a number out of range: its limits', () => {
    expect(option('calcudoku', { size: '99' }).said).toEqual({ what: 'range', min: 3, max: 12, step: 1 });
    expect(option('flow', { size: '0' }).said).toMatchObject({ what: 'range', min: 5, max: 20 });
    expect(option('fultiples', { size: '0' }).said).toMatchObject({ what: 'range', min: 5, max: 15 });
    expect(option('fultiples', { wildChance: '-3' }).said).toEqual({ what: 'range', min: 0, max: 20, step: 0.1, unit: 'percent' });
    expect(option('dobble', { bleed: '9' }).said).toEqual({ what: 'range', min: 0, max: 6, unit: 'mm' });
    expect(option('dobble', { symbolsPerCard: '8', cards: '99' }).said).toMatchObject({ what: 'range', min: 2, max: 57 });
    expect(caught(() => parseCommon({ count: '0' })).said).toMatchObject({ what: 'range', min: 1, max: 1000 });
  });

  it('a word that is none of the choices: the choices', () => {
    expect(option('flow', { difficulty: 'hardest' }).said).toEqual({ what: 'choice', choices: ['easy', 'medium', 'hard', 'expert'] });
    expect(option('calcudoku', { difficulty: 'x' }).said?.choices).toContain('unreasonable');
    expect(option('dobble', { shape: 'oval' }).said).toEqual({ what: 'choice', choices: ['round', 'square', 'hexagon'] });
    expect(caught(() => parseCommon({ paper: 'a9' })).said).toEqual({ what: 'choice', choices: ['a4', 'letter'] });
  });

  it('a kind\'s own cases: a task that is no worksheet, nothing chosen, a value written wrong', () => {
    expect(option('fultiples', { task: ['zzz'] }).said).toEqual({ what: 'notWorksheet', name: 'zzz' });
    expect(option('ludo', { worksheet: 'none', printables: 'none' }).said).toEqual({ what: 'nothingChosen' });
    expect(option('fultiples', { scalars: 'zzz' }).said).toEqual({ what: 'format', example: '2-20' });
  });

  it('a plan\'s mistakes: unknown settings and kinds, no worksheets, a language or font we lack', () => {
    expect(plan(`colour: red\n${SHEETS}`).said).toEqual({ what: 'unknownSetting', name: 'colour' });
    expect(plan(`${SHEETS}    sise: 8\n`).said).toEqual({ what: 'unknownSetting', name: 'sise', near: 'size', inSheet: true });
    expect(plan('worksheets:\n  - kind: sudoku\n').said).toMatchObject({ what: 'unknownKind', name: 'sudoku', choices: KINDS.map((k) => k.name) });
    expect(plan('title: Week\n').said).toEqual({ what: 'noWorksheets' });
    expect(plan('title: Week\nworksheets: []\n').said).toEqual({ what: 'noWorksheets' });
    expect(plan(`lang: fre\n${SHEETS}`).said).toMatchObject({ what: 'choice', near: 'fr' });
    expect(plan(`font: comic\n${SHEETS}`).said).toEqual({ what: 'choice', choices: ['andika', 'lexend', 'atkinson-hyperlegible'] });
    expect(plan('Ava\nBen\n').said).toEqual({ what: 'notAPlan' });
    expect(plan('title: [Week\n').said).toEqual({ what: 'notAPlan' });
    expect(plan(`paper: a5\n${SHEETS}`).said).toEqual({ what: 'choice', choices: ['a4', 'letter'] });
    // a kind's own finding, read through a plan
    expect(plan('worksheets:\n  - kind: calcudoku\n    size: 50\n').said).toMatchObject({ what: 'range', min: 3, max: 12 });
  });

  it('a puzzle that could not be made: which settings to change, and a setting that works', () => {
    const flow = kind('flow');
    const lines = caught(() => generateItems(flow, parseKindOptions(flow, { size: '5', colors: '2' }), 'said', 1));
    expect(lines.message).toMatch(/^could not make a medium 5x5 Flow puzzle with 2-2 lines in \d+ tries; widen the --colors range/);
    expect(lines.said).toEqual({ what: 'cannotMake', thing: 'puzzle', ease: [{ field: '--colors', way: 'wider' }] });
    expect(lines.fixes).toEqual([{ field: '--colors', value: '4-5' }]);
    const fultiples = kind('fultiples');
    const primes = '2,3,5,7,11,13,17,19,23,29,31,37,41,43,47,53,59,61,67,71,73,79,83,89,97';
    const board = caught(() => generateItems(fultiples, parseKindOptions(fultiples, { size: '5', primes, scalars: '90-100', wildChance: '0' }), 'said', 1));
    expect(board.message).toMatch(/^could not deal a 5x5 board .* or --no-playable$/);
    expect(board.said).toMatchObject({ what: 'cannotMake', thing: 'board' });
    expect(board.said?.ease?.map((e) => e.field)).toEqual(['--size', '--primes', '--scalars', '--playable']);
    expect(board.fixes).toEqual([{ field: '--playable', value: 'false' }]);
  }, 60_000);

  it('a Fultiples board that could not be dealt names ways out that deal one, and none that do not', () => {
    const fultiples = kind('fultiples');
    const deal = (raw: Record<string, string>) => () => generateItems(fultiples, parseKindOptions(fultiples, { wildChance: '0', ...raw }), 'ways', 1);
    // eight primes times 20-30: the big primes' numbers have no factor or multiple on the board
    const stuck = { size: '10', primes: '2,3,5,7,11,13,17,19', scalars: '20-30' };
    expect(caught(deal(stuck)).said?.ease).toEqual([
      { field: '--size', way: 'bigger' },
      { field: '--primes', way: 'fewer' },
      { field: '--scalars', way: 'smaller' },
      { field: '--playable', way: 'off' },
    ]);
    const ways: Record<string, string>[] = [{ size: '15' }, { primes: '2,3,7' }, { scalars: '2-5' }, { playable: 'false' }];
    for (const way of ways) expect(deal({ ...stuck, ...way }), JSON.stringify(way)).not.toThrow();
    // what it used to advise as well: more primes, and a wider range of bigger multipliers
    for (const way of [{ primes: '2,3,5,7,11,13,17,19,23,29,31,37' }, { scalars: '20-100' }]) expect(caught(deal({ ...stuck, ...way })).said?.what, JSON.stringify(way)).toBe('cannotMake');
  }, 60_000);

  it('survives a worker\'s structured clone and a caller\'s place', () => {
    const e = option('flow', { size: '0', width: '99' });
    const back = fromPlain(structuredClone(toPlain(e)));
    expect(e.said).toMatchObject({ what: 'range' });
    expect(e.more[0]!.said).toMatchObject({ what: 'range' });
    expect(back.said).toEqual(e.said);
    expect(back.more[0]!.said).toEqual(e.more[0]!.said);
    const placed = e.placed(`worksheet 1 (flow): ${e.message}`, { sheet: 0 });
    expect([placed.said, placed.more[0]!.said]).toEqual([e.said, e.more[0]!.said]);
  });
});
