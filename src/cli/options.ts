import { Option, type Command } from 'commander';
import type { OptionSpec } from '../core/kind.js';

export { pickSpecs, flagOf } from '../core/options.js';

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
