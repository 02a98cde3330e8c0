import Handlebars from 'handlebars';
import { fail, UserError, failOn } from '../core/errors.js';
import { MissingAsset, port, text } from '../port/index.js';
import { readUserFile } from '../port/user-file.js';
import { marker, parseBlocks, type Align, type Block } from './blocks.js';
import { messages, type Messages } from '../i18n/messages.js';

type HelperOptions = Handlebars.HelperOptions;

const FIELD_KEYS: Record<string, string> = { Name: 'field.name', Date: 'field.date', Class: 'field.class' };

/** Handlebars leaves `fn` undefined for plain (non-block) helper calls, despite its typings. */
function isBlock(options: HelperOptions): boolean {
  return typeof (options as { fn?: unknown }).fn === 'function';
}

/** Block helpers take their text from the block body, plain ones from the first argument. */
function body(args: unknown[], options: HelperOptions, self: unknown): string {
  if (isBlock(options)) return options.fn(self).trim();
  return args.length ? String(args[0] ?? '') : '';
}

/**
 * Helper arguments are checked like options: a number out of its range (a size that draws off the
 * page, a space that pushes the puzzles off it) is refused with the range that works.
 */
function num(v: unknown, dflt: number, what: string, [min, max]: readonly [number, number]): number {
  if (v === undefined) return dflt;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!(n >= min && n <= max)) fail(`${what} must be a number from ${min} to ${max} (got ${JSON.stringify(String(v)).slice(0, 30)})`);
  return n;
}

const SIZE = [4, 72] as const; // points: from small print to a poster heading

function align(v: unknown, dflt: Align): Align {
  if (v === undefined) return dflt;
  if (v === 'left' || v === 'center' || v === 'right') return v;
  fail(`align= must be left, center or right (got ${JSON.stringify(String(v)).slice(0, 30)})`);
}

function colour(v: unknown): string {
  if (v === undefined) return '#000000';
  if (typeof v === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v)) return v;
  fail(`color= must be a colour such as #1a4f8b (got ${JSON.stringify(String(v)).slice(0, 30)})`);
}

/** The page's language, from its values (`lang`), so every helper on the page speaks it. */
function pageMessages(o: HelperOptions): Messages {
  const lang = (o.data as { root?: { lang?: unknown } } | undefined)?.root?.lang;
  return messages(typeof lang === 'string' && lang ? lang : undefined);
}

/** Where lines start on the page: the right edge in a right-to-left language such as Arabic. */
function start(o: HelperOptions): Align {
  return pageMessages(o).dir === 'rtl' ? 'right' : 'left';
}

/** The layout primitives a template may use. Each returns a marker that becomes one Block. */
function makeEnv(): typeof Handlebars {
  const hb = Handlebars.create();
  // {{t "page.number" page=page pages=pages}}: a message of the page's language (messages/*.json).
  hb.registerHelper('t', function (...all: unknown[]) {
    const o = all.pop() as HelperOptions;
    const key = String(all[0] ?? '');
    const values: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(o.hash as Record<string, unknown>)) values[k] = typeof v === 'number' ? v : String(v ?? '');
    return pageMessages(o).t(key, values);
  });
  const helper = (name: string, fn: (args: unknown[], o: HelperOptions, self: unknown) => Block) =>
    hb.registerHelper(name, function (this: unknown, ...all: unknown[]) {
      const o = all.pop() as HelperOptions;
      return new hb.SafeString(marker(fn(all, o, this)));
    });
  helper('heading', (a, o, s) => ({ type: 'heading', text: body(a, o, s), size: num(o.hash.size, 20, '{{heading}} size=', SIZE), align: align(o.hash.align, start(o)) }));
  helper('subheading', (a, o, s) => ({
    type: 'text', text: body(a, o, s), size: num(o.hash.size, 12, '{{subheading}} size=', SIZE), align: align(o.hash.align, start(o)), font: 'regular', color: '#444444',
  }));
  helper('text', (a, o, s) => ({
    type: 'text',
    text: body(a, o, s),
    size: num(o.hash.size, 11, '{{text}} size=', SIZE),
    align: align(o.hash.align, start(o)),
    font: o.hash.bold ? 'bold' : o.hash.italic ? 'italic' : 'regular',
    color: colour(o.hash.color),
  }));
  helper('fields', (a, o, s) => {
    const given = a.map(String).filter(Boolean);
    const ids = given.length ? given : ['Name', 'Date'];
    // Name, Date and Class are printed in the page's language; a teacher's own field as typed.
    const m = pageMessages(o);
    const names = ids.map((n) => (FIELD_KEYS[n] ? m.t(FIELD_KEYS[n]) : n));
    const values: Record<string, string> = {};
    const { pupil, class: group } = (s as { pupil?: string; class?: string } | undefined) ?? {};
    const wide = ids.indexOf('Name');
    if (pupil && wide >= 0) values[names[wide]!] = pupil;
    // a class set's class (the plan's class:) on its Class line, as the pupil's name is on Name
    const at = ids.indexOf('Class');
    if (group && at >= 0) values[names[at]!] = group;
    const labels = names.map((name) => m.t('field.label', { name })); // French 'Nom :', English 'Name:'
    return { type: 'fields', names, labels, values, wide, size: num(o.hash.size, 11, '{{fields}} size=', SIZE), ...(start(o) === 'right' ? { rtl: true } : {}) };
  });
  helper('rule', (_a, o) => ({ type: 'rule', width: num(o.hash.width, 0.75, '{{rule}} width=', [0.1, 10]) }));
  helper('space', (a) => ({ type: 'space', height: num(a[0], 8, '{{space N}}', [0, 200]) }));
  helper('slots', (_a, o) => ({ type: 'slots', gap: num(o.hash.gap, 14, '{{slots}} gap=', [0, 72]) }));
  helper('footer', (a, o, s) => {
    const text = body(a, o, s);
    // The block body is usually "Page {{page}} of {{pages}}", which belongs on the right.
    const where = align(o.hash.align, isBlock(o) ? 'right' : 'center');
    return {
      type: 'footer',
      left: String(o.hash.left ?? (where === 'left' ? text : '')),
      center: String(o.hash.center ?? (where === 'center' ? text : '')),
      right: String(o.hash.right ?? (where === 'right' ? text : '')),
      size: num(o.hash.size, 8, '{{footer}} size=', SIZE),
      ...(start(o) === 'right' ? { rtl: true } : {}),
      ...(o.hash.wrap ? { wrap: true } : {}),
      ...(o.hash.drop ? { drop: true } : {}),
    };
  });
  return hb;
}

export type PageTemplate = (vars: Record<string, unknown>) => Block[];

/**
 * Loads page templates by name from templates/, or from the teacher's files. Compiles eagerly, so
 * a broken template is reported before any PDF is opened.
 */
export class Templates {
  private env = makeEnv();
  private cache = new Map<string, PageTemplate>();

  constructor(private overrides: Record<string, string> = {}) {
    // A teacher's file is checked now, even if this run never shows that page.
    for (const name of Object.keys(overrides)) this.get(name);
  }

  get(name: string): PageTemplate {
    let t = this.cache.get(name);
    if (!t) {
      t = this.load(name);
      this.cache.set(name, t);
    }
    return t;
  }

  private load(name: string): PageTemplate {
    const own = this.overrides[name];
    const file = own ?? `templates/${name}.hbs`;
    const source = own ? readOwn(own, name) : readBuiltIn(name);
    let compiled: HandlebarsTemplateDelegate;
    try {
      compiled = this.env.compile(source, { noEscape: true, strict: false });
      compiled({}); // Handlebars parses lazily: force it so syntax errors surface now
    } catch (e) {
      if (e instanceof UserError) fail(`template file ${file} failed: ${e.message}`); // a helper's argument
      fail(`template file ${file} is broken: ${firstLine((e as Error).message)}; fix the Handlebars syntax (for example close every {{#footer}} with {{/footer}})`);
    }
    return (vars) => {
      try {
        return parseBlocks(compiled(vars));
      } catch (e) {
        fail(`template file ${file} failed: ${firstLine((e as Error).message)}`);
      }
    };
  }
}

function readBuiltIn(name: string): string {
  try {
    return text(port().asset(`templates/${name}.hbs`));
  } catch (e) {
    if (e instanceof MissingAsset) throw e;
    fail(`there is no built-in template "${name}"`);
  }
}

/** A page template is a few hundred bytes; this leaves room for long instructions. */
const MAX_TEMPLATE_BYTES = 256 * 1024;

function readOwn(file: string, name: string): string {
  const hint = `give the path of a Handlebars (.hbs) file, or leave out --template to use the built-in ${name} page`;
  return text(readUserFile(file, { what: `template file ${file}`, maxBytes: MAX_TEMPLATE_BYTES, hint }));
}

function firstLine(s: string): string {
  return s.split('\n').map((l) => l.trim()).filter(Boolean).join(' ').replace(/-+\^/g, '^').slice(0, 200);
}

export const TEMPLATE_NAMES = ['worksheet', 'answers', 'solutions', 'sheet', 'cards', 'backs', 'cover', 'contents'];

/** `--template FILE` replaces the worksheet page; `--template NAME=FILE` replaces another one. */
export function templateOverrides(values: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values) {
    const m = /^([a-z]+)=(.+)$/.exec(v);
    const [name, file] = m ? [m[1]!, m[2]!] : ['worksheet', v];
    if (!TEMPLATE_NAMES.includes(name)) {
      failOn('--template', `${v}: there is no "${name}" page; the pages are ${TEMPLATE_NAMES.join(', ')} (write NAME=FILE, or just FILE for the worksheet)`);
    }
    out[name] = file;
  }
  return out;
}
