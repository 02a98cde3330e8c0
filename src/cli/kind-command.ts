import type { Command } from 'commander';
import type { Kind } from '../core/kind.js';
import { issueLine } from '../core/common.js';
import { fail } from '../core/errors.js';
import { parseCommon, parseKindOptions } from '../core/options.js';
import { answersMeta, planSheets } from '../make.js';
import { randomSeed, safeName } from '../core/seed.js';
import { Templates, templateOverrides } from '../layout/templates.js';
import { answersFileName, explainCount } from '../run.js';
import { checkOutputs, writeJson, writePdf } from '../node/write.js';
import { addSpecs, flagOf, pickSpecs } from './options.js';
import { progressReporter } from './progress.js';

export function addCommonOptions(cmd: Command, countOf = 'puzzles'): Command {
  return cmd
    .option('--count <n>', `how many ${countOf} (1 to 1000)`)
    .option('--seed <text>', 'any word or number; the same seed gives the same puzzles (default: random, printed)')
    .option('--paper <size>', 'a4 or letter (default a4)')
    .option('--layout <COLSxROWS>', 'puzzles per page, e.g. 2x3 (default: chosen for the kind and size)')
    .option('--answers <where>', 'back (answer pages at the end), separate (NAME-answers.pdf) or none (default back)')
    .option('--title <text>', 'title printed on every page')
    .option('--lang <code>', 'the language of the printed words: en, fr, es, de, ... (a file in messages/; default en)')
    .option('--font <name-or-file>', 'the font of the pages: andika (default), lexend or atkinson-hyperlegible (easier to read for some dyslexic or low-vision readers), or your own .ttf/.otf file')
    .option('--large-print', 'large print: text at least 16 pt, bigger grids and numbers, fewer puzzles a page, thicker lines, no worked example')
    .option('--template <file>', 'your own Handlebars page template (NAME=FILE replaces another page, e.g. answers=my.hbs)', (v: string, p: string[] = []) => [...p, v])
    .option('--out <file>', 'the PDF to write (default output/<kind>-<seed>.pdf)')
    .option('--json <file>', 'also write the puzzles and solutions as JSON')
    .option('--explain [n]', 'add worked solutions after the answer key, for every puzzle or the first N');
}

async function runKind(kind: Kind, raw: Record<string, unknown>, log: (line: string) => void): Promise<void> {
  const common = parseCommon(raw);
  const options = parseKindOptions(kind, raw);
  const templates = new Templates(templateOverrides((raw.template as string[] | undefined) ?? []));
  const seed = common.seed ?? randomSeed();
  const out = (raw.out as string | undefined) ?? `output/${kind.name}-${safeName(seed)}.pdf`;
  const count = common.count ?? kind.defaultCount;
  const outputs: [string, string][] = [[out, '--out']];
  if (common.answers === 'separate') outputs.push([answersFileName(out), 'the answers file']);
  if (raw.json) outputs.push([raw.json as string, '--json']);
  checkOutputs(outputs);

  const plan = planSheets(kind, options, common, seed, templates, progressReporter(`Generating ${kind.title}`, count), explainCount(raw.explain));
  // said once the options have all been accepted: bad input gets its one line and nothing else
  if (!common.seed) log(`Seed: ${seed} (use --seed ${seed} to make the same puzzles again)`);
  const { meta, main, answers } = plan;
  const render = { paper: common.paper, templates, meta };
  // Everything is generated and checked before the first file is opened.
  if (raw.json) await writeJson(raw.json as string, plan.json);
  await writePdf(out, main, render);
  log(`Wrote ${out} (${main.length} ${main.length === 1 ? 'page' : 'pages'})`);
  if (answers) {
    const answersOut = answersFileName(out);
    await writePdf(answersOut, answers, { ...render, meta: answersMeta(meta) });
    log(`Wrote ${answersOut} (${answers.length} ${answers.length === 1 ? 'page' : 'pages'})`);
  }
  if (raw.json) log(`Wrote ${raw.json as string}`);
}

export function addKindCommand(program: Command, kind: Kind, log: (line: string) => void): void {
  const cmd = program.command(kind.name).description(kind.summary).enablePositionalOptions();
  addCommonOptions(cmd, kind.countOf);
  addSpecs(cmd, kind.options);
  cmd.action(async (raw: Record<string, unknown>) => runKind(kind, raw, log));
  for (const sub of kind.subcommands ?? []) {
    const sc = cmd.command(sub.name).description(sub.description);
    addSpecs(sc, sub.options);
    sc.option('--json <file>', 'also write the figures as JSON');
    sc.action(async (raw: Record<string, unknown>) => {
      const input = pickSpecs(raw, sub.options);
      const parsed = sub.schema.safeParse(input);
      if (!parsed.success) fail(issueLine(parsed.error, (k) => flagOf(sub.options, k), input));
      if (raw.json) checkOutputs([[raw.json as string, '--json']]);
      const result = sub.run(parsed.data, progressReporter(`${kind.title} ${sub.name}`, 0));
      log(result.text);
      if (raw.json && result.json !== undefined) {
        await writeJson(raw.json as string, result.json);
        log(`Wrote ${raw.json as string}`);
      }
    });
  }
}
