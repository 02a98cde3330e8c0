import { z } from 'zod';
import type { OptionSpec } from '../../core/kind.js';
import { fail } from '../../core/errors.js';
import { STRATEGIES } from './strategies.js';
import { playersSchema } from './simulate.js';

export const WORKSHEETS = ['landing', 'ways', 'never', 'replay'] as const;
export const PRINTABLES = ['board', 'rules', 'record'] as const;
export type Worksheet = (typeof WORKSHEETS)[number];
export type Printable = (typeof PRINTABLES)[number];

export interface LudoOptions {
  worksheets: Worksheet[];
  printables: Printable[];
  questions: number; // landing questions per sheet
  players: [string, string]; // strategies of the replayed game
  board: BoardStyle; // the board pupils play on; the annotated one is always in the answers
}

export const BOARD_STYLES = ['plain', 'annotated'] as const;

/** How each strategy plays, in a teacher's words, for the form's choice of players: short, so a pair fits its menu (the help says what each means). */
const PLAYS: Record<string, string> = {
  auto120: 'the plan',
  'auto120-keep': 'careful',
  random: 'random',
  expected: 'fastest',
};
// the default pair first, then every other pair of strategies
const PAIRS: [string, string][] = [['auto120', 'random'], ...STRATEGIES.flatMap((a) => STRATEGIES.map((b): [string, string] => [a.name, b.name])).filter(([a, b]) => !(a === 'auto120' && b === 'random'))];
export type BoardStyle = (typeof BOARD_STYLES)[number];

export const QUESTIONS = [6, 16] as const;

export const options: OptionSpec[] = [
  {
    key: 'worksheet',
    flags: '--worksheet <list>',
    description: `worksheets, comma-separated: ${WORKSHEETS.join(', ')}, or none (default all four)`,
    choices: WORKSHEETS,
    multiple: true,
    label: 'Worksheets',
    help: 'the worksheets to print, each with its answers in the key',
    choiceLabels: { landing: 'Where does it land?', ways: 'Every way to 120', never: 'Squares you can never land on', replay: 'Replay a game' },
  },
  {
    key: 'printables',
    flags: '--printables <list>',
    description: `game pages, comma-separated: ${PRINTABLES.join(', ')}, or none (default all three)`,
    choices: PRINTABLES,
    multiple: true,
    label: 'Game pages',
    help: 'the pages for playing the game',
    choiceLabels: { board: 'The 120 board', rules: 'Rules', record: 'Record sheet' },
  },
  { key: 'questions', flags: '--questions <n>', description: `landing questions per sheet, ${QUESTIONS[0]} to ${QUESTIONS[1]} (default 12)`, help: `rows of the Where does it land? sheet, ${QUESTIONS[0]} to ${QUESTIONS[1]} (12 when left empty)`, range: QUESTIONS },
  {
    key: 'board',
    flags: '--board <style>',
    description: 'the board to play on: plain (numbers only) or annotated (squares shaded by what can happen there; gives worksheet answers away). The annotated board is always in the answers (default plain)',
    choices: BOARD_STYLES,
    help: 'the board to play on. The shaded board shows what can happen on each square, so it gives worksheet answers away; the answers always have it',
    choiceLabels: { plain: 'Numbers only', annotated: 'Shaded' },
  },
  {
    key: 'players',
    flags: '--players <a,b>',
    description: `strategies of Red and Blue in the replayed game, from ${STRATEGIES.map((s) => s.name).join(', ')} (default auto120,random)`,
    example: 'auto120,random',
    label: 'Players in the replayed game',
    help: 'how Red and Blue choose their moves on the Replay a game sheet. The plan: the one on the rules page. Careful: the plan, but a marker one roll from 120 stays there. Random: any move. Fastest: the move that should finish soonest',
    // a form offers the pairs in words; the command line takes any two names
    choices: PAIRS.map(([a, b]) => `${a},${b}`),
    choiceLabels: Object.fromEntries(PAIRS.map(([a, b]) => [`${a},${b}`, `Red: ${PLAYS[a]} · Blue: ${PLAYS[b]}`])),
  },
];

function listOf<T extends string>(all: readonly T[]) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((raw, ctx): T[] => {
      if (raw === undefined) return [...all];
      const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((s) => s.split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean);
      if (parts.length === 1 && parts[0] === 'none') return [];
      const bad = parts.find((p) => !all.includes(p as T));
      if (bad !== undefined || parts.length === 0) {
        ctx.addIssue({ code: 'custom', message: `must list some of ${all.join(', ')} (comma-separated), or none${bad ? `; "${bad}" is not one of them` : ''}` });
        return z.NEVER;
      }
      return all.filter((a) => parts.includes(a)); // fixed order, duplicates dropped
    });
}

const questionsError = { error: `must be a whole number from ${QUESTIONS[0]} to ${QUESTIONS[1]}` };

export const schema: z.ZodType<LudoOptions> = z
  .object({
    worksheet: listOf(WORKSHEETS),
    printables: listOf(PRINTABLES),
    questions: z.coerce.number(questionsError).int(questionsError).min(QUESTIONS[0], questionsError).max(QUESTIONS[1], questionsError).default(12),
    players: playersSchema,
    board: z.enum(BOARD_STYLES, { error: 'must be plain or annotated' }).default('plain'),
  })
  .transform((o, ctx): LudoOptions => {
    if (o.worksheet.length === 0 && o.printables.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['worksheet'], message: 'and --printables are both none: there would be nothing to print', params: { said: { what: 'nothingChosen' } } });
      return z.NEVER;
    }
    return { worksheets: o.worksheet, printables: o.printables, questions: o.questions, players: o.players, board: o.board };
  }) as unknown as z.ZodType<LudoOptions>;

const strategyIndex = (name: string): number => STRATEGIES.findIndex((s) => s.name === name);
const mask = <T extends string>(all: readonly T[], chosen: readonly T[]): number =>
  all.reduce((m, a, i) => (chosen.includes(a) ? m | (1 << i) : m), 0);

/** Worksheet bits, printable bits, questions, the two players; an A at the end for the annotated board. */
export function encode(o: LudoOptions): string {
  const q = String(o.questions).padStart(2, '0');
  const board = o.board === 'annotated' ? 'A' : '';
  return `${mask(WORKSHEETS, o.worksheets).toString(16).toUpperCase()}${mask(PRINTABLES, o.printables)}${q}${strategyIndex(o.players[0])}${strategyIndex(o.players[1])}${board}`;
}

export function decode(text: string): LudoOptions {
  const m = /^([0-9A-F])([0-7])(\d\d)(\d)(\d)(A?)$/i.exec(text);
  const a = m ? STRATEGIES[Number(m[4])] : undefined;
  const b = m ? STRATEGIES[Number(m[5])] : undefined;
  const q = m ? Number(m[3]) : 0;
  if (!m || !a || !b || q < QUESTIONS[0] || q > QUESTIONS[1]) {
    fail(`"${text}" is not a Multiplication Ludo code part: expected 6 characters such as F71210`);
  }
  const w = parseInt(m[1]!, 16);
  const p = Number(m[2]);
  return {
    worksheets: WORKSHEETS.filter((_, i) => w & (1 << i)),
    printables: PRINTABLES.filter((_, i) => p & (1 << i)),
    questions: q,
    players: [a.name, b.name],
    board: m[6] ? 'annotated' : 'plain',
  };
}
