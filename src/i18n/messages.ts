import { IntlMessageFormat } from 'intl-messageformat';
import { fail, failOn } from '../core/errors.js';
import { MissingAsset, port, text } from '../port/index.js';

export type Values = Record<string, string | number>;

/**
 * intl-messageformat resolves its language through Intl's list of the languages it supports, whose
 * first use costs ~15 ms (every command, batch worker and tab of the web page). For one language
 * code that list gives back the code itself, made canonical, or nothing, and then the library takes
 * the code as it is: the same locale Intl.Locale makes of the code directly, without the list.
 */
const resolveLocale = IntlMessageFormat.resolveLocale;
IntlMessageFormat.resolveLocale = (locales) => (typeof locales === 'string' && typeof Intl.Locale === 'function' ? new Intl.Locale(locales) : resolveLocale(locales));

/**
 * The words of one language. Every printed sentence is a message in messages/<code>.json (ICU
 * MessageFormat: `{n}` placeholders, `{n, plural, one {...} other {...}}`), so a teacher adds a
 * language by adding a file.
 */
export interface Messages {
  readonly lang: string; // "fr"
  readonly dir: 'ltr' | 'rtl';
  /** The message `key` with its placeholders filled; a key no language has is our bug. */
  t(key: string, values?: Values): string;
  /** Whether this language (or English, behind it) has the message. */
  has(key: string): boolean;
  /** "1, 2 and 6" or "1 or 6", in this language's words. */
  list(items: readonly (string | number)[], last?: 'and' | 'or'): string;
}

const FOLDER = 'messages';
export const DEFAULT_LANG = 'en';

/** The language codes we have: one file each in messages/, found there, so a new file is a new language. */
export function languages(): string[] {
  return port()
    .listAssets(FOLDER)
    .filter((f) => /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*\.json$/.test(f))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** The raw messages of one file, as written (the tests check them against English). */
export function messageTable(lang: string): Record<string, string> {
  let raw: string;
  try {
    raw = text(port().asset(`${FOLDER}/${lang}.json`));
  } catch (e) {
    if (e instanceof MissingAsset) throw e;
    failOn('--lang', `${lang}: there is no such language; the languages are ${languages().join(', ')}`);
  }
  let table: unknown;
  try {
    table = JSON.parse(raw);
  } catch (e) {
    fail(`${FOLDER}/${lang}.json is not valid JSON: ${(e as Error).message}`);
  }
  if (!table || typeof table !== 'object' || Array.isArray(table) || Object.values(table).some((v) => typeof v !== 'string')) {
    fail(`${FOLDER}/${lang}.json must be one object of "key": "message" pairs`);
  }
  return table as Record<string, string>;
}

/**
 * Numbers are printed as plain digits in every language: the puzzles use them, so a page must
 * not show 1 500 in one language and 1,500 in another, and the CLI and the browser must agree.
 */
const plurals = new Map<string, Intl.PluralRules>();
const formatters = {
  getNumberFormat: () => ({ format: (n: number) => String(n) }),
  getDateTimeFormat: () => ({ format: (d: unknown) => String(d) }),
  getPluralRules: (locales: string | string[], opts?: Intl.PluralRulesOptions) => {
    const key = `${String(locales)}/${opts?.type ?? 'cardinal'}`;
    let r = plurals.get(key);
    if (!r) plurals.set(key, (r = new Intl.PluralRules(locales, opts)));
    return r;
  },
};

/**
 * French print puts a space before : ; ! ? and inside « », and a line must never break there (a
 * lone ':' or '?' starting a line). Translators type an ordinary space; it is made no-break here, so
 * a file typed on any keyboard prints right. U+00A0 rather than the narrower U+202F: Lexend and
 * Atkinson Hyperlegible have no U+202F, and a teacher's own font may not either.
 */
export function noBreakSpaces(lang: string, source: string): string {
  if (lang !== 'fr' && !lang.startsWith('fr-')) return source;
  return source.replace(/ (?=[:;!?»])/g, '\u00a0').replace(/« /g, '«\u00a0');
}

class Book implements Messages {
  readonly dir: 'ltr' | 'rtl';
  private compiled = new Map<string, IntlMessageFormat>();

  constructor(
    readonly lang: string,
    private table: Record<string, string>,
    private fallback: Book | null,
  ) {
    this.dir = table['language.dir'] === 'rtl' ? 'rtl' : 'ltr';
  }

  t(key: string, values?: Values): string {
    const source = this.table[key];
    // A teacher's new file may lack newer messages: English fills the gap rather than failing.
    if (source === undefined) {
      if (this.fallback) return this.fallback.t(key, values);
      throw new Error(`internal error: no message "${key}"`);
    }
    let f = this.compiled.get(key);
    if (!f) {
      try {
        f = new IntlMessageFormat(noBreakSpaces(this.lang, source), this.lang, undefined, { formatters: formatters as never, ignoreTag: true });
      } catch (e) {
        fail(`${FOLDER}/${this.lang}.json: the message "${key}" is not valid: ${(e as Error).message}`);
      }
      this.compiled.set(key, f);
    }
    return String(f.format(values));
  }

  has(key: string): boolean {
    return key in this.table || !!this.fallback?.has(key);
  }

  list(items: readonly (string | number)[], last: 'and' | 'or' = 'and'): string {
    const s = items.map(String);
    if (s.length <= 1) return s[0] ?? '';
    const head = s.slice(0, -1).join(this.t('list.separator'));
    return this.t(last === 'and' ? 'list.and' : 'list.or', { a: head, b: s.at(-1)! });
  }
}

const books = new Map<string, Book>();

/** The messages of a language (English when none is given); an unknown code is refused naming those we have. */
export function messages(lang: string = DEFAULT_LANG): Messages {
  let b = books.get(lang);
  if (!b) {
    if (!languages().includes(lang)) failOn('--lang', `${lang}: there is no such language; the languages are ${languages().join(', ')}`);
    b = new Book(lang, messageTable(lang), lang === DEFAULT_LANG ? null : (messages(DEFAULT_LANG) as Book));
    books.set(lang, b);
  }
  return b;
}

/** The run's words from a section context (English when the caller gave none). */
export function wordsOf(ctx: { msg?: Messages }): Messages {
  return ctx.msg ?? messages();
}

/** A kind's name as printed ("Calcudoku", "Spot the match") in this language; a kind from outside the messages keeps its own. */
export function kindTitle(m: Messages, kind: { name: string; title: string }): string {
  const key = `kind.${kind.name}.title`;
  return m.has(key) ? m.t(key) : kind.title;
}
