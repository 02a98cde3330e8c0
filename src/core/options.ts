import type { Kind, OptionSpec } from './kind.js';
import { commonSchema, COMMON_FLAGS, issueErrors, type CommonOptions } from './common.js';
import { fail, failOn, got } from './errors.js';

/** The values the user gave for these specs, undefined ones left out so schema defaults apply. */
export function pickSpecs(values: Record<string, unknown>, specs: OptionSpec[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of specs) if (values[s.key] !== undefined) out[s.key] = values[s.key];
  return out;
}

export function flagOf(specs: OptionSpec[], key: string): string {
  const spec = specs.find((s) => s.key === key);
  return spec ? (spec.flags.match(/--[a-z0-9-]+/)?.[0] ?? `--${key}`) : `--${key}`;
}

/** A kind's options from raw values (command-line strings or form fields); bad ones fail naming the flag. */
export function parseKindOptions<O>(kind: Kind<O>, raw: Record<string, unknown>): O {
  const input = pickSpecs(raw, kind.options);
  const parsed = kind.schema.safeParse(input);
  if (!parsed.success) {
    const [first, ...more] = issueErrors(parsed.error, (k) => flagOf(kind.options, k), input, {});
    fail(first!.message, more, first);
  }
  return parsed.data;
}

export function parseCommon(raw: Record<string, unknown>): CommonOptions {
  const input = pickSpecs(raw, Object.keys(COMMON_FLAGS).map((key) => ({ key, flags: COMMON_FLAGS[key]!, description: '' })));
  const parsed = commonSchema.safeParse(input);
  if (!parsed.success) {
    const [first, ...more] = issueErrors(parsed.error, (k) => COMMON_FLAGS[k] ?? `--${k}`, input);
    fail(first!.message, more, first);
  }
  return parsed.data;
}

/** `--no-example` for kinds that print a worked example on their first page (the form shows one switch). */
export const EXAMPLE_SPECS: OptionSpec[] = [
  { key: 'example', flags: '--example', description: 'a small worked example at the top of the first page: how to start (default on)' },
  { key: 'example', flags: '--no-example', description: 'leave the worked example out' },
];

/** A switch, off unless given: as typed on the command line ("true", "1", "") or a plan's true/false. */
export function switchOf(v: unknown, flag: string): boolean {
  if (v === undefined || v === false || v === 'false' || v === '0') return false;
  if (v === true || v === 'true' || v === '1' || v === '') return true;
  failOn(flag, `is a switch: give it or leave it out ${got(v)}`);
}

/** On unless turned off; a plan may write example: false. */
export function exampleOf(v: unknown): boolean {
  if (v === undefined || v === true || v === 'true' || v === '1' || v === '') return true;
  if (v === false || v === 'false' || v === '0') return false;
  failOn('--no-example', `is a switch: give it to leave the worked example out ${got(v)}`);
}
