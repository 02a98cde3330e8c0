/**
 * Where a mistake is, for a page that shows it by its field rather than as the command line's one
 * line: set where the mistake is found, so no one has to read it back out of the words.
 */
export interface Place {
  /** The option it is about, by its command-line flag ("--size"): a form's field has the same flag. */
  field?: string;
  /** A class set's worksheet it is in (0 = the first). */
  sheet?: number;
  /**
   * The message without the program's place ("plan.yaml:4: worksheets[0].size: "): the option by its
   * flag, which a form names by its label. Unset: the message itself says it so.
   */
  words?: string;
  /** The line of the file it is in (a plan's), for someone who edits that file by hand. */
  line?: number;
  /** A name for a mistake a page answers in its own way (a deck's code that needs the teacher's symbols again). */
  reason?: string;
  /**
   * The ways out the message offers, each an option and its value ("or choose 4 --symbols-per-card"):
   * a form offers them as buttons that set the field, rather than leaving the teacher to find it.
   */
  fixes?: Fix[];
  /**
   * What the mistake is, as data a page words itself (by its field's label): the message is the
   * command line's, and its wording is no contract.
   */
  said?: Said;
}

/**
 * What a mistake is about: `range` a number outside min..max; `choice` a word that is none of
 * `choices`; `format` a value not written like `example`; `unknownSetting` and `unknownKind` a
 * plan's field or kind called `name` that does not exist; `noWorksheets` a plan without any;
 * `notWorksheet` a task called `name` that is none; `nothingChosen` every worksheet and page left
 * out; `notAPlan` a file that is no plan at all (a class list opened as one); `cannotMake` a
 * puzzle the options allow but none was found in time (`ease`: which settings to change, which way).
 */
export interface Said {
  what: 'range' | 'choice' | 'format' | 'unknownSetting' | 'unknownKind' | 'noWorksheets' | 'notWorksheet' | 'nothingChosen' | 'notAPlan' | 'cannotMake';
  min?: number;
  max?: number;
  /** A range's numbers: 1 whole numbers, 0.1 one decimal; unset any number. */
  step?: number;
  /** A range's unit, when not plain numbers. */
  unit?: 'mm' | 'percent';
  choices?: string[];
  /** A value written as it should be ("2-20"). */
  example?: string;
  /** The name written that is not one (a setting, a kind, a task). */
  name?: string;
  /** The choice or name nearest to what was written, when one is near. */
  near?: string;
  /** An unknown setting of a worksheet, not of the whole file. */
  inSheet?: boolean;
  /** What could not be made: a puzzle or a board. */
  thing?: 'puzzle' | 'board';
  ease?: Ease[];
}

/** A setting that would make a puzzle easier to find, and which way to change it. */
export interface Ease {
  field: string;
  way: 'bigger' | 'more' | 'fewer' | 'smaller' | 'wider' | 'other' | 'off';
}

/** One way out of a mistake: set the option of `field` (its flag) to `value`. */
export interface Fix {
  field: string;
  value: string;
}

/**
 * A mistake in what the user asked for (options, files, codes). The CLI prints its message as one
 * line and exits with code 2; anything else that is thrown is a bug in puzzlepress.
 */
export class UserError extends Error implements Place {
  /**
   * Further mistakes found in the same request, each a line of its own. The CLI prints only the
   * first; the web page shows each by its field, so a teacher fixes them in one go.
   */
  readonly more: UserError[];
  readonly field?: string;
  readonly sheet?: number;
  readonly words?: string;
  readonly line?: number;
  readonly reason?: string;
  readonly fixes?: Fix[];
  readonly said?: Said;

  constructor(message: string, more: (UserError | string)[] = [], place: Place = {}) {
    super(message);
    this.name = 'UserError';
    this.more = more.map((m) => (typeof m === 'string' ? new UserError(m) : m));
    if (place.field !== undefined) this.field = place.field;
    if (place.sheet !== undefined) this.sheet = place.sheet;
    if (place.words !== undefined) this.words = place.words;
    if (place.line !== undefined) this.line = place.line;
    if (place.reason !== undefined) this.reason = place.reason;
    if (place.fixes !== undefined) this.fixes = place.fixes;
    if (place.said !== undefined) this.said = place.said;
  }

  /**
   * The same mistakes with more of their place, found by a caller (a class set's worksheet), and
   * the CLI's line as `message`; the words stay those of the place where it was found.
   */
  placed(message: string, place: Place): UserError {
    const keep = (e: UserError): Place => ({ field: e.field, sheet: e.sheet, words: e.words ?? e.message, line: e.line, reason: e.reason, fixes: e.fixes, said: e.said, ...place });
    return new UserError(message, this.more.map((m) => new UserError(m.message, [], keep(m))), keep(this));
  }
}

/**
 * A UserError as plain data, for a worker thread to post (structured clone keeps no class, so the
 * place would be lost with it); `fromPlain` makes an equal UserError again on the other side.
 */
export interface PlainUserError extends Place {
  message: string;
  more: PlainUserError[];
}

export function toPlain(e: UserError): PlainUserError {
  return { message: e.message, more: e.more.map(toPlain), field: e.field, sheet: e.sheet, words: e.words, line: e.line, reason: e.reason, fixes: e.fixes, said: e.said };
}

export function fromPlain(p: PlainUserError): UserError {
  return new UserError(p.message, p.more.map(fromPlain), p);
}

export function fail(message: string, more: (UserError | string)[] = [], place: Place = {}): never {
  throw new UserError(message, more, place);
}

/** A mistake in one option, told as the command line does: its flag first ("--size must be ..."). */
export function failOn(flag: string, rest: string, said?: Said): never {
  fail(rest.startsWith(':') ? `${flag}${rest}` : `${flag} ${rest}`, [], { field: flag, ...(said ? { said } : {}) });
}

/**
 * The value a mistake was made with, said one way everywhere: as written in JSON, so a typed word
 * is in quotes (`--count 0`: "0") and a plan's number is not (`count: 0`: 0). Cut short when
 * long, a word inside its quotes.
 */
export function got(v: unknown): string {
  const cut = (s: string) => (s.length > 40 ? `${s.slice(0, 39)}…` : s);
  return `(got ${typeof v === 'string' ? JSON.stringify(cut(v)) : cut(JSON.stringify(v) ?? String(v))})`;
}

/** got()'s words in a message, for those who put the value another way or leave it out. */
export const GOT_WORDS = / \(got (?:"(?:[^"\\]|\\.)*"|[^)]*)\)/;

/** What a number outside `min`..`max` is about (whole numbers unless `step` says otherwise). */
export function range(min: number, max: number, more: Partial<Said> = {}): Said {
  return { what: 'range', min, max, step: 1, ...more };
}

/** What a word that is none of `choices` is about. */
export function choice(choices: readonly string[], near?: string): Said {
  return { what: 'choice', choices: [...choices], ...(near ? { near } : {}) };
}

/** Runs every check, then fails with all their mistakes together (the first one first). */
export function failTogether<T extends unknown[]>(...checks: { [K in keyof T]: () => T[K] }): T {
  const found: UserError[] = [];
  const out = checks.map((check) => {
    try {
      return check();
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      found.push(new UserError(err.message, [], err), ...err.more);
      return undefined;
    }
  });
  const [first, ...more] = found;
  if (first) fail(first.message, more, first);
  return out as T;
}

/** "a" or "an" before a word or number as said aloud: an 8x8 grid, an 11x11, an easy puzzle, a 6x6. */
export function aOrAn(next: string): string {
  return /^(?:[aeiou]|8|1[18](?!\d))/i.test(next) ? 'an' : 'a';
}
