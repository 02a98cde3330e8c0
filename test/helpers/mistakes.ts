import { UserError } from '../../src/core/errors.js';
import { KINDS } from '../../src/kinds/index.js';

/** The mistake `run` throws; a test fails if it throws none, or throws something else. */
export function caught(run: () => unknown): UserError {
  try {
    run();
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('no mistake was found');
}

export const kind = (name: string) => KINDS.find((k) => k.name === name)!;
