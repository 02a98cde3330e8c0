/**
 * A mistake in what the user asked for (options, files, codes). The CLI prints its message as one
 * line and exits with code 2; anything else that is thrown is a bug in puzzlepress.
 */
export class UserError extends Error {
  /**
   * Further mistakes found in the same request, each a line of its own. The CLI prints only the
   * first; the web page shows each by its field, so a teacher fixes them in one go.
   */
  readonly more: string[];

  constructor(message: string, more: string[] = []) {
    super(message);
    this.name = 'UserError';
    this.more = more;
  }
}

export function fail(message: string, more: string[] = []): never {
  throw new UserError(message, more);
}

/** Runs every check, then fails with all their mistakes together (the first one first). */
export function failTogether<T extends unknown[]>(...checks: { [K in keyof T]: () => T[K] }): T {
  const lines: string[] = [];
  const out = checks.map((check) => {
    try {
      return check();
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      lines.push(err.message, ...err.more);
      return undefined;
    }
  });
  if (lines.length) fail(lines[0]!, lines.slice(1));
  return out as T;
}

/** "a" or "an" before a word or number as said aloud: an 8x8 grid, an 11x11, an easy puzzle, a 6x6. */
export function aOrAn(next: string): string {
  return /^(?:[aeiou]|8|1[18](?!\d))/i.test(next) ? 'an' : 'a';
}
