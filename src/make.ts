import { checkFont } from './pdf/user-font.js';
import type { Item, Kind, Paper } from './core/kind.js';
import type { CommonOptions } from './core/common.js';
import { fail } from './core/errors.js';
import type { Templates } from './layout/templates.js';
import { planPages, type PlannedPage } from './layout/plan.js';
import type { DocMeta } from './pdf/document.js';
import { defaultTitle, documentPages, explainItems, fromCode, generateItems, jsonWithSteps, kindPart } from './run.js';
import { kindTitle, messages } from './i18n/messages.js';

/** Everything one kind command prints, planned but not drawn: the CLI and the web page share it. */
export interface SheetPlan {
  kind: Kind;
  options: unknown;
  items: Item<unknown>[];
  main: PlannedPage[];
  answers: PlannedPage[] | null; // a separate answer file, or null
  /** How many of `main`'s pages come before its answer key (all of them without one). */
  frontPages: number;
  meta: DocMeta;
  json: unknown;
}

/** Generates (checking every puzzle) and plans the pages of one run of a kind. */
export function planSheets<O>(
  kind: Kind<O>,
  options: O,
  common: CommonOptions,
  seed: string,
  templates: Templates,
  progress?: (done: number, total: number) => void,
  explain?: number | true, // worked solutions for every puzzle (true) or the first N
): SheetPlan {
  const msg = messages(common.lang); // an unknown --lang is refused before any work
  const lang = msg.lang;
  if (explain !== undefined && !kind.explain) explainItems(kind, options, [], explain); // refuses before any work
  checkFont(common.font);
  const count = common.count ?? kind.defaultCount;
  // Lay out an empty run first: a --layout too dense to read, a puzzle too big for large print, or
  // cards too big for the paper are refused before any puzzle is made (a 183-card deck takes seconds).
  kindPart(kind, options, [], { paper: common.paper, layout: common.layout, title: common.title, lang, largePrint: common.largePrint }, templates);
  const items: Item<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    items.push(...generateItems(kind, options, seed, 1, i, items));
    progress?.(i + 1, count);
  }
  const explanations = explain === undefined ? undefined : explainItems(kind, options, items as Item<never>[], explain, msg);
  const settings = { paper: common.paper, layout: common.layout, title: common.title, explanations, lang, largePrint: common.largePrint };
  const part = kindPart(kind, options, items as Item<never>[], settings, templates);
  const files = documentPages([part], common.answers);
  const frontPages = planPages([part], false).length;
  const meta = {
    title: common.title ?? defaultTitle(kind as Kind, msg),
    subject: msg.t('meta.subject', { count, kind: kindTitle(msg, kind), description: kind.describe(options, msg) }),
    keywords: ['puzzlepress', kind.name, kind.describe(options, msg), `seed ${seed}`].join(', '),
    lang,
    ...(common.font ? { font: common.font } : {}),
  };
  return { kind: kind as Kind, options, items, ...files, frontPages, meta, json: jsonWithSteps(kind.json(options, items as Item<never>[]), explanations) };
}

export function answersMeta(meta: DocMeta): DocMeta {
  return { ...meta, title: messages(meta.lang).t('meta.answersTitle', { title: meta.title }) };
}

export interface KeyPlan {
  kind: Kind;
  options: unknown;
  item: Item<unknown>;
  pages: PlannedPage[];
  meta: DocMeta;
}

/**
 * The answer page for a printed code (a Dobble deck, which has no answers, gets its cards back).
 * A deck made with the teacher's own symbols needs them again (`symbols`).
 */
export function planKey(code: string, paper: Paper, templates: Templates, explain = false, symbols?: string, lang?: string): KeyPlan {
  const msg = messages(lang);
  if (!code.trim()) fail('type the code printed beside a puzzle, for example K6HF-503STSQQX6');
  const { kind, options, item } = fromCode(code, symbols);
  // One answer, across the top half of its page, centred: a 9x9's squares at about 12 mm, as on
  // a worksheet of two (the kind's key grid printed it in a quarter of the page, at its top left).
  // key: a kind may print less than a whole run (a deck: its symbol list and card list, not every card).
  const explanations = explain ? explainItems(kind, options, [item], true, msg) : undefined;
  const settings = { paper, title: `${kindTitle(msg, kind)} ${item.code}`, layout: { cols: 1, rows: 2 }, key: true, explanations, lang: msg.lang };
  const part = kindPart(kind, options, [item], settings, templates);
  const answers = planPages([part], true);
  const pages = answers.length ? answers : planPages([part], false);
  const meta = {
    title: msg.t('meta.keyTitle', { code: item.code }),
    subject: msg.t('meta.keySubject', { kind: kindTitle(msg, kind) }),
    keywords: `puzzlepress, ${kind.name}, ${item.code}`,
    lang: msg.lang,
  };
  return { kind, options, item, pages, meta };
}
