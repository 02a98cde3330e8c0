import { checkFont } from '../pdf/user-font.js';
import { isFontFile } from '../pdf/fonts.js';
import { z } from 'zod';
import { LineCounter, parseDocument, isMap, isPair, isScalar, type Document } from 'yaml';
import type { Kind, OptionSpec, Paper } from '../core/kind.js';
import { COMMON_SAID, commonSchema } from '../core/common.js';
import { choice, fail, got, GOT_WORDS, UserError, type Said } from '../core/errors.js';
import { flagOf } from '../core/options.js';
import { KINDS, findKind } from '../kinds/index.js';
import { checkClasses, checkNames, readClassList } from './roster.js';
import { DEFAULT_LANG, languages } from '../i18n/messages.js';

/** One worksheet of a plan, validated; plain data, so it can be posted to worker threads. */
export interface WorksheetPlan {
  kind: string;
  input: Record<string, unknown>; // the kind's options keyed by OptionSpec.key, as the CLI would pass them
  count: number;
  layout?: string; // "2x3"
  title?: string;
  instructions?: string;
  lang?: string; // this worksheet's language, when not the plan's
}

export interface BatchPlan {
  title: string;
  seed?: string;
  paper: Paper;
  answers: 'back' | 'separate' | 'none';
  booklet: boolean;
  largePrint: boolean; // the pupils' pages in large print (src/pdf/print.ts)
  out?: string;
  lang: string; // the plan's language: cover, key, and every worksheet without its own
  roster: string[] | null;
  /** The class ("5B"), printed after Class: on every pupil's pages (and a booklet's cover); else the line is left to write on. */
  className?: string;
  /** Each pupil's own class, from the class list ('' where it gives none: then `className`'s). */
  classes?: string[];
  worksheets: WorksheetPlan[];
  /** The pages' font: a name, or a font file (its path from the plan's folder). */
  font?: string;
}

export const SHARED_FIELDS = ['kind', 'count', 'layout', 'title', 'instructions', 'lang'];

/** A plan's own fields that are options on the command line too, by their flags. */
const TOP_FLAGS: Record<string, string> = { title: '--title', seed: '--seed', paper: '--paper', answers: '--answers', lang: '--lang', font: '--font', 'large-print': '--large-print' };

export const topSchema = z
  .object({
    title: z.string().trim().min(1, { error: 'must not be empty' }).max(120, { error: 'must be at most 120 characters' }).optional(),
    seed: z
      .union([z.string(), z.number()], { error: 'must be a word or a number' })
      .transform(String)
      .pipe(z.string().min(1, { error: 'must not be empty: any word or number will do' }).max(64, { error: 'must be at most 64 characters' }))
      .optional(),
    paper: z.enum(['a4', 'letter'], { error: 'must be a4 or letter' }).default('a4'),
    roster: z.string({ error: 'must be the path of a file with one pupil name a line' }).min(1).optional(),
    class: z
      .union([z.string(), z.number()], { error: 'must be the name of the class, such as 5B' })
      .transform((v) => String(v).trim())
      .pipe(z.string().min(1, { error: 'must not be empty: leave it out to leave the Class line blank' }).max(40, { error: 'must be at most 40 characters' }))
      .optional(),
    // the class list in the plan itself (the web page saves it so), instead of a roster file
    pupils: z
      .array(
        z.union([
          z.union([z.string(), z.number()]).transform((name) => ({ name: String(name), class: '' })),
          z
            .object({ name: z.union([z.string(), z.number()]).transform(String), class: z.union([z.string(), z.number()]).transform(String).optional() })
            .strict()
            .transform((p) => ({ name: p.name, class: p.class ?? '' })),
        ]),
        { error: 'must be a list of pupil names, one a line starting with - (or "- name: Ava" with "class: 5B" below it)' },
      )
      .min(1, { error: 'must list at least one name' })
      .optional(),
    answers: z.enum(['back', 'separate', 'none'], { error: 'must be back, separate or none' }).default('back'),
    booklet: z.boolean({ error: 'must be true or false' }).default(false),
    'large-print': z.boolean({ error: 'must be true or false' }).default(false),
    out: z.string({ error: 'must be the path of a folder' }).min(1).optional(),
    lang: z.string({ error: 'must be a language code such as fr' }).min(1).optional(),
    font: z.string({ error: 'must name a font or a .ttf or .otf file' }).min(1).max(1024).optional(),
    worksheets: z.array(z.unknown(), { error: 'must be a list of worksheets, each with a kind' }).min(1, { error: 'must list at least one worksheet' }).max(100, { error: 'must list at most 100 worksheets' }),
  })
  .strict();

const sharedSchema = commonSchema.pick({ count: true, layout: true, title: true, lang: true }).extend({
  instructions: z.string({ error: 'must be text' }).max(500, { error: 'must be at most 500 characters' }).optional(),
});

type Path = (string | number)[];

function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return d[b.length]!;
}

/** The option nearest to a word written wrong, when one is near enough to be what was meant. */
export function nearest(word: string, options: string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_]/g, '');
  const best = options
    .map((o) => ({ o, d: distance(norm(word), norm(o)) }))
    .sort((a, b) => a.d - b.d)[0];
  return best && best.d <= Math.max(2, Math.floor(word.length / 3)) ? best.o : undefined;
}

export function didYouMean(word: string, options: string[]): string {
  const near = nearest(word, options);
  return near === undefined ? '' : `; did you mean '${near}'?`;
}

/** A plan's field or a worksheet's setting that does not exist, with the nearest that does. */
function unknownSetting(name: string, known: string[], inSheet: boolean): Said {
  const near = nearest(name, known);
  return { what: 'unknownSetting', name, ...(near ? { near } : {}), ...(inSheet ? { inSheet } : {}) };
}

export function fieldName(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** The flag spelling of an option without dashes: "--symbols-per-card <k>" gives symbols-per-card. */
export function flagName(spec: OptionSpec): string {
  return spec.flags.match(/--([a-z0-9-]+)/)?.[1] ?? spec.key;
}

class PlanReader {
  private lines = new LineCounter();
  readonly doc: Document;

  constructor(
    readonly shown: string,
    text: string,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
    const err = this.doc.errors[0];
    if (err) {
      const line = this.lineAt(err.pos[0]);
      fail(`${shown}:${line}: the plan is not valid YAML or JSON: ${err.message.split('\n')[0]}`, [], { line, said: { what: 'notAPlan' } });
    }
  }

  private lineAt(offset: number | undefined): number {
    return offset === undefined ? 1 : this.lines.linePos(offset).line;
  }

  /** The line of a value, or of its key when `key` is set (unknown fields), or of the nearest parent. */
  line(path: Path, key = false): number {
    for (let p = path; ; p = p.slice(0, -1)) {
      if (key && p.length === path.length && p.length) {
        const parent = this.doc.getIn(p.slice(0, -1), true);
        const pair = isMap(parent) ? parent.items.find((it) => isPair(it) && isScalar(it.key) && it.key.value === p[p.length - 1]) : undefined;
        if (pair && isScalar(pair.key)) return this.lineAt(pair.key.range?.[0]);
        continue;
      }
      const node = p.length ? this.doc.getIn(p, true) : this.doc.contents;
      const range = (node as { range?: [number, number, number] } | undefined)?.range;
      if (range) return this.lineAt(range[0]);
      if (!p.length) return 1;
    }
  }

  /** Each worksheet's kind once known: its fields' flags, for a page that marks the field. */
  readonly kinds = new Map<number, Kind>();

  /**
   * With `key`, the message is about the field's name itself, so it is placed in its parent.
   * `found` is a mistake a check found in that field, told there in its own words; `said`, what
   * the mistake is about (a found mistake's own, unless given).
   */
  fail(path: Path, message: string, key = false, found?: UserError, said = found?.said): never {
    const shown = key ? path.slice(0, -1) : path;
    const where = shown.length ? `${fieldName(shown)}: ` : '';
    const sheet = path[0] === 'worksheets' && typeof path[1] === 'number' ? path[1] : undefined;
    const field = found?.field ?? (key ? undefined : this.flagAt(path));
    // a plan's field without a flag (booklet, worksheets) is named by its key: "must be true or false" alone said not what
    const subject = field ?? (shown.length === 1 && !key && /^(must|is|needs) /.test(message) ? String(shown[0]) : undefined);
    const words = found ? (found.words ?? found.message) : subject ? `${subject} ${message}` : message;
    const line = this.line(path, key);
    fail(`${this.shown}:${line}: ${where}${message}`, [], { field, sheet, words, line, ...(said ? { said } : {}) });
  }

  /** The command-line flag of the field at `path` ("--count", a kind's "--size"), if it has one. */
  private flagAt(path: Path): string | undefined {
    const [top, sheet, name] = path;
    if (typeof top !== 'string') return undefined;
    if (top !== 'worksheets') return path.length === 1 && top in TOP_FLAGS ? TOP_FLAGS[top] : undefined;
    const kind = typeof sheet === 'number' ? this.kinds.get(sheet) : undefined;
    if (typeof name !== 'string' || path.length !== 3) return undefined;
    if (SHARED_FIELDS.includes(name)) return name === 'kind' ? undefined : `--${name}`;
    const spec = kind?.options.find((s) => s.key === name || flagName(s) === name);
    return spec && flagOf(kind!.options, spec.key);
  }

  /** The first zod problem, by line, as one sentence. */
  zodFail(base: Path, error: z.ZodError, known: string[], input: unknown): never {
    const located = error.issues.map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        const k = issue.keys[0]!;
        const path = [...base, ...(issue.path as Path), k];
        return { path, key: true, message: `unknown field '${k}'${didYouMean(k, known)}`, said: unknownSetting(k, known, base.length > 0) };
      }
      const path = [...base, ...(issue.path as Path)];
      const value = valueAt(input, issue.path as Path);
      const got = value === undefined || issue.message.includes('(got') ? '' : ` (got ${JSON.stringify(value)})`;
      const message = value === undefined && issue.code === 'invalid_type' ? 'is required' : `${issue.message}${got}`;
      const name = String(path[path.length - 1]);
      // a plan without worksheets is no mistake in one field: the file has nothing to make
      const none = path.length === 1 && name === 'worksheets' && (value === undefined || (Array.isArray(value) && value.length === 0));
      const said: Said | undefined = none ? { what: 'noWorksheets' } : Object.hasOwn(COMMON_SAID, name) ? COMMON_SAID[name] : undefined;
      return { path, key: false, message, said };
    });
    located.sort((a, b) => this.line(a.path, a.key) - this.line(b.path, b.key));
    const first = located[0]!;
    this.fail(first.path, first.message, first.key, undefined, first.said);
  }
}

function valueAt(v: unknown, path: Path): unknown {
  let cur = v;
  for (const p of path) cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[p] : undefined;
  return cur;
}

/** CLI values are strings (booleans for bare flags); the plan's numbers become strings the same way. */
function asCliValue(v: unknown, spec: OptionSpec): unknown {
  if (spec.repeatable) return (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'number' ? String(x) : x));
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'number' || typeof x === 'string')) return v.join(',');
  return v;
}

function isFlagOnly(spec: OptionSpec): boolean {
  return !/[<[]/.test(spec.flags);
}

/** Kind options by key or flag spelling; "no-playable: true" is "playable: false" as on the command line. */
function kindInput(r: PlanReader, at: Path, kind: Kind, raw: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const names = new Map<string, OptionSpec>();
  for (const s of kind.options) {
    if (!names.has(s.key)) names.set(s.key, s);
    names.set(flagName(s), s);
  }
  const known = [...SHARED_FIELDS, ...names.keys()];
  for (const [name, value] of Object.entries(raw)) {
    if (SHARED_FIELDS.includes(name)) continue;
    const spec = names.get(name);
    if (!spec) {
      const list = [...new Set(kind.options.map((s) => s.key))].join(', ');
      r.fail([...at, name], `unknown field '${name}' for ${kind.name}${didYouMean(name, known) || `; ${kind.name} takes ${list || 'no options'} (and count, layout, title, instructions)`}`, true, undefined, unknownSetting(name, known, true));
    }
    if (value === null || (typeof value === 'object' && !Array.isArray(value))) r.fail([...at, name], `must be a single value or a list, as on the command line (--${flagName(spec)})`);
    let v = asCliValue(value, spec);
    if (isFlagOnly(spec) && flagName(spec).startsWith('no-') && typeof v === 'boolean') v = !v;
    if (isFlagOnly(spec) && typeof v !== 'boolean') r.fail([...at, name], `must be true or false (got ${JSON.stringify(value)})`);
    if (spec.key in input) r.fail([...at, name], `'${spec.key}' is given twice in this worksheet; keep one`, true);
    input[spec.key] = v;
  }
  return input;
}

const GOT_AT_END = new RegExp(`${GOT_WORDS.source}$`);

/** "--size 30: give a whole number from 5 to 20" from a kind's own check, told as the plan's field. */
function kindMessage(kind: Kind, message: string): { key?: string; text: string } {
  const m = /^--([a-z0-9-]+)(.*)$/s.exec(message);
  const spec = m ? kind.options.find((s) => flagName(s) === m[1]) : undefined;
  if (!m || !spec) return { text: message };
  const rest = m[2]!.replace(/^[\s:]+/, '');
  const valued = /^(\S+?): (.+)$/s.exec(rest);
  return { key: spec.key, text: valued ? `${valued[2]} (got ${valued[1]})` : rest || message };
}

function readWorksheet(r: PlanReader, index: number, raw: unknown): WorksheetPlan {
  const at: Path = ['worksheets', index];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) r.fail(at, 'must be a worksheet: a set of fields such as kind: calcudoku, count: 4');
  const ws = raw as Record<string, unknown>;
  const names = KINDS.map((k) => k.name);
  if (ws.kind === undefined) r.fail(at, `needs a kind: one of ${names.join(', ')}`);
  const kind = typeof ws.kind === 'string' ? findKind(ws.kind) : undefined;
  if (!kind) {
    const near = nearest(String(ws.kind), names);
    const said: Said = { what: 'unknownKind', name: String(ws.kind), choices: names, ...(near ? { near } : {}) };
    r.fail([...at, 'kind'], `unknown kind ${JSON.stringify(ws.kind)}: the kinds are ${names.join(', ')}${didYouMean(String(ws.kind), names)}`, false, undefined, said);
  }
  r.kinds.set(index, kind);
  const input = kindInput(r, at, kind, ws);
  const shared = sharedSchema.safeParse({ count: ws.count, layout: ws.layout, title: ws.title, instructions: ws.instructions, lang: ws.lang });
  if (!shared.success) r.zodFail(at, shared.error, [], ws);
  if (shared.data.lang !== undefined) checkLang(r, [...at, 'lang'], shared.data.lang);
  try {
    const parsed = kind.schema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const key = String(issue.path[0] ?? '');
      const got = key in input ? ` (got ${JSON.stringify(input[key])})` : '';
      const said = (issue as { params?: { said?: Said } }).params?.said;
      r.fail(key ? [...at, key] : at, `${issue.message}${issue.message.includes('(got') ? '' : got}`, false, undefined, said);
    }
  } catch (e) {
    if (!(e instanceof UserError) || e.message.startsWith(`${r.shown}:`)) throw e;
    const { key, text } = kindMessage(kind, e.message);
    const field = key ? (Object.keys(ws).find((n) => n === key || kind.options.some((s) => s.key === key && flagName(s) === n)) ?? key) : undefined;
    // the kind saw the plan's numbers as the command line's words ("50"): the value as the plan wrote it
    const written = field && field in ws ? got(ws[field]) : undefined;
    const asWritten = (m: string) => (written ? m.replace(GOT_AT_END, ` ${written}`) : m);
    r.fail(field ? [...at, field] : at, asWritten(text), false, new UserError(asWritten(e.message), e.more, { ...e, words: e.words && asWritten(e.words) }));
  }
  return {
    kind: kind.name,
    input,
    count: shared.data.count ?? kind.defaultCount,
    layout: typeof ws.layout === 'string' ? ws.layout : undefined,
    title: shared.data.title,
    instructions: shared.data.instructions,
    ...(shared.data.lang !== undefined ? { lang: shared.data.lang } : {}),
  };
}

function checkLang(r: PlanReader, at: Path, lang: string): void {
  const have = languages();
  if (!have.includes(lang)) r.fail(at, `there is no language '${lang}'; the languages are ${have.join(', ')}${didYouMean(lang, have)}`, false, undefined, choice(have, nearest(lang, have)));
}

/** The folder part of a path as written ("." for none), without touching any file system. */
function folderOf(file: string): string {
  const i = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return i < 0 ? '.' : i === 0 ? file[0]! : file.slice(0, i);
}

function baseOf(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

/** Reads a file named in a plan (the roster), by its path as written there, relative to the plan. */
export type PlanFileReader = (path: string) => string;

/**
 * Reads and checks a whole plan (and its roster) before anything is generated. Takes the plan's
 * text and name, and reads the roster through `readFile`, so it runs where there are no files
 * (a browser) as well as from the command line.
 */
export function parsePlanText(text: string, file: string, readFile?: PlanFileReader): BatchPlan {
  const r: PlanReader = new PlanReader(file, text);
  let data: unknown;
  try {
    data = r.doc.toJS({ maxAliasCount: 100 });
  } catch {
    // an alias bomb (each alias repeating the one before) would grow the plan past any memory
    r.fail([], 'the plan repeats its aliases (*name) too often; write the worksheets out in full');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    r.fail([], 'the plan must be a set of fields: title, seed, paper, roster and a list of worksheets', false, undefined, { what: 'notAPlan' });
  }
  const top = topSchema.safeParse(data);
  if (!top.success) return r.zodFail([], top.error, Object.keys(topSchema.shape), data);
  if (top.data.lang !== undefined) checkLang(r, ['lang'], top.data.lang);
  const worksheets = top.data.worksheets.map((w, i) => readWorksheet(r, i, w));
  let roster: string[] | null = null;
  let classes: string[] | null = null;
  if (top.data.pupils !== undefined && top.data.roster !== undefined) {
    r.fail(['pupils'], 'give the class list once: roster names a file of names, pupils lists them in the plan', true);
  }
  if (top.data.pupils !== undefined) {
    // each name as written on its own line of the plan, which the messages name
    const names = top.data.pupils.map((p) => p.name.replace(/\s+/g, ' ').trim());
    const given = top.data.pupils.map((p) => p.class.replace(/\s+/g, ' ').trim());
    const refuse = (i: number | null, m: string) => r.fail(i === null ? ['pupils'] : ['pupils', i], m);
    classes = given.some(Boolean) ? checkClasses(given, refuse) : null;
    roster = checkNames(names, refuse, (i) => r.line(['pupils', i]), 'name', classes);
  }
  if (top.data.roster !== undefined) {
    const shown = top.data.roster;
    let text: string;
    try {
      if (!readFile) throw Object.assign(new Error('no files here'), { code: 'no file access' });
      text = readFile(shown);
    } catch (e) {
      // the reader's own one-line refusal (a device, too large) says more than a code
      if (e instanceof UserError) r.fail(['roster'], e.message);
      r.fail(['roster'], `${shown} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'}); give the path, relative to the plan, of a text or CSV file with one pupil name a line`);
    }
    ({ names: roster, classes } = readClassList(text, folderOf(file) === '.' ? shown : `${folderOf(file)}/${shown}`));
  }
  let font = top.data.font;
  if (font !== undefined) {
    if (isFontFile(font) && !/^([a-z]:)?[/\\]/i.test(font) && folderOf(file) !== '.') font = `${folderOf(file)}/${font}`;
    try {
      checkFont(font);
    } catch (e) {
      if (e instanceof UserError) r.fail(['font'], e.message.replace(/^--font /, ''), false, undefined, e.said);
      throw e;
    }
  }
  return {
    ...(font !== undefined ? { font } : {}),
    title: top.data.title ?? baseOf(file).replace(/\.(ya?ml|json)$/i, ''),
    seed: top.data.seed,
    paper: top.data.paper,
    answers: top.data.answers,
    booklet: top.data.booklet,
    largePrint: top.data['large-print'],
    out: top.data.out,
    lang: top.data.lang ?? DEFAULT_LANG,
    roster,
    ...(top.data.class !== undefined ? { className: top.data.class } : {}),
    ...(classes ? { classes } : {}),
    worksheets,
  };
}
