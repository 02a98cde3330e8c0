/**
 * A mistake in what the user asked for (options, files, codes). The CLI prints its message as one
 * line and exits with code 2; anything else that is thrown is a bug in puzzlepress.
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

export function fail(message: string): never {
  throw new UserError(message);
}
