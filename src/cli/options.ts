import { Option, type Command } from 'commander';
import type { OptionSpec } from '../core/kind.js';

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function addSpecs(cmd: Command, specs: OptionSpec[]): void {
  for (const s of specs) {
    const opt = new Option(s.flags, s.description);
    if (s.repeatable) opt.argParser(collect);
    cmd.addOption(opt);
  }
}

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
