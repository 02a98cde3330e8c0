import type { Command } from 'commander';
import { KINDS } from '../kinds/index.js';
import { commonSchema } from '../core/common.js';
import { fail } from '../core/errors.js';
import { Templates } from '../layout/templates.js';
import { planKey } from '../make.js';
import { checkOutputs, writePdf } from '../node/write.js';

export function addListCommand(program: Command, log: (line: string) => void): void {
  program
    .command('list')
    .description('the puzzle kinds and their options')
    .action(() => {
      for (const k of KINDS) {
        log(`${k.name}: ${k.summary}`);
        for (const o of k.options) log(`    ${o.flags.padEnd(28)} ${o.description}`);
        for (const s of k.subcommands ?? []) log(`    (also: puzzlepress ${k.name} ${s.name}: ${s.description})`);
      }
      log('');
      log('Every kind also takes --count, --seed, --paper, --layout, --answers, --title, --lang, --template, --out and --json.');
    });
}

export function addKeyCommand(program: Command, log: (line: string) => void): void {
  program
    .command('key <code>')
    .description('regenerate the answer for a puzzle code printed on a worksheet')
    .option('--paper <size>', 'a4 or letter (default a4)')
    .option('--out <file>', 'the PDF to write (default output/key-<code>.pdf)')
    .option('--explain', 'add the worked solution after the answer')
    .option('--symbols <file-or-folder>', 'for a card deck made with your own symbols: the same word list or folder of pictures')
    .option('--lang <code>', 'the language of the printed words (default en)')
    .action(async (code: string, raw: { paper?: string; out?: string; explain?: boolean; symbols?: string; lang?: string }) => {
      const paper = commonSchema.shape.paper.safeParse(raw.paper);
      if (!paper.success) fail(`--paper must be a4 or letter (got ${JSON.stringify(raw.paper)})`);
      if (raw.out) checkOutputs([[raw.out, '--out']]);
      const templates = new Templates();
      const { kind, options, item, pages, meta } = planKey(code, paper.data, templates, raw.explain === true, raw.symbols, raw.lang);
      const out = raw.out ?? `output/key-${item.code}.pdf`;
      await writePdf(out, pages, { paper: paper.data, templates, meta });
      log(`${kind.title} ${kind.describe(options)}, code ${item.code}: wrote ${out}`);
    });
}
