import { z } from 'zod';
import type { Grid } from './kind.js';
import { choice, range, UserError, type Said } from './errors.js';

/** Options every kind shares, on the command line and in batch plans alike. */
export const commonSchema = z.object({
  count: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int({ error: 'must be a whole number from 1 to 1000' })
    .min(1, { error: 'must be a whole number from 1 to 1000' })
    .max(1000, { error: 'must be a whole number from 1 to 1000' })
    .optional(),
  seed: z
    .string()
    .min(1, { error: 'must not be empty: any word or number will do' })
    .max(64, { error: 'must be at most 64 characters' })
    .optional(),
  paper: z.enum(['a4', 'letter'], { error: 'must be a4 or letter' }).default('a4'),
  // "2 x 3" and "2×3" are how a teacher writes it (a word processor turns x into ×): read as 2x3
  layout: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().replace(/^(\d+)\s*[x×]\s*(\d+)$/i, '$1x$2') : v),
      z
        .string()
        .regex(/^[1-8]x[1-8]$/i, { error: 'must be columns x rows, 1 to 8 of each, for example 2x3' })
        .transform((s): Grid => {
          const [cols, rows] = s.toLowerCase().split('x').map(Number) as [number, number];
          return { cols, rows };
        }),
    )
    .optional(),
  answers: z.enum(['back', 'separate', 'none'], { error: 'must be back, separate or none' }).default('back'),
  title: z.string().max(120, { error: 'must be at most 120 characters' }).optional(),
  // Checked against messages/ when the words are looked up (the list of languages is a folder).
  lang: z.string().trim().min(1, { error: 'must name a language, for example fr' }).max(35, { error: 'must be a language code such as fr or pt-BR' }).optional(),
  // a font name or a font file: checked (and the file read) before any work, see pdf/user-font.ts
  font: z.string().min(1, { error: 'must name a font or a .ttf or .otf file' }).max(1024, { error: 'must be at most 1024 characters' }).optional(),
  // A flag on the command line, a checkbox on the web page (true), or "true"/"false" from its address.
  largePrint: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'takes no value: give --large-print, or leave it out' })).default(false),
});

export type CommonOptions = z.infer<typeof commonSchema>;

/** What a mistake in each shared option is about, for a page to word (zod's own checks carry no data). */
export const COMMON_SAID: Record<string, Said> = {
  count: range(1, 1000),
  paper: choice(['a4', 'letter']),
  answers: choice(['back', 'separate', 'none']),
  // layout's own words ("columns x rows, 1 to 8 of each, for example 2x3") say more than a format would
};

export const COMMON_FLAGS: Record<string, string> = {
  count: '--count',
  seed: '--seed',
  paper: '--paper',
  layout: '--layout',
  answers: '--answers',
  title: '--title',
  lang: '--lang',
  font: '--font',
  largePrint: '--large-print',
};

/** One line from the first problem zod found, named by the flag the user typed. */
export function issueLine(error: z.ZodError, flagOf: (key: string) => string, input?: Record<string, unknown>): string {
  return issueLines(error, flagOf, input)[0]!;
}

/** A line for each option zod found wrong (its first problem), in the order found. */
export function issueLines(error: z.ZodError, flagOf: (key: string) => string, input?: Record<string, unknown>): string[] {
  return issueErrors(error, flagOf, input).map((e) => e.message);
}

/** A mistake for each option zod found wrong, each with the field of its flag. */
export function issueErrors(error: z.ZodError, flagOf: (key: string) => string, input?: Record<string, unknown>, saids: Record<string, Said> = COMMON_SAID): UserError[] {
  const seen = new Map<string, UserError>();
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (seen.has(key)) continue;
    const msg = issue.message;
    const got = input && key in input && input[key] !== undefined ? ` (got ${JSON.stringify(input[key])})` : '';
    // a check's own issue says what it is about (params.said); else the option's, if known
    const said = (issue as { params?: { said?: Said } }).params?.said ?? (Object.hasOwn(saids, key) ? saids[key] : undefined);
    seen.set(key, msg.startsWith('--') || !key ? new UserError(msg) : new UserError(`${flagOf(key)} ${msg}${msg.includes('(got') ? '' : got}`, [], { field: flagOf(key), ...(said ? { said } : {}) }));
  }
  return [...seen.values()];
}
