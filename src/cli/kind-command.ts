import type { Command } from 'commander';
import type { Kind } from '../core/kind.js';
import { commonSchema, COMMON_FLAGS, issueLine } from '../core/common.js';
import { fail } from '../core/errors.js';
import { randomSeed, safeName } from '../core/seed.js';
import { Templates, templateOverrides } from '../layout/templates.js';
import { answersFileName, defaultTitle, documentPages, generateItems, kindPart } from '../run.js';
import { checkWritable, writeJson, writePdf } from '../node/write.js';
import { addSpecs, flagOf, pickSpecs } from './options.js';
import { progressReporter } from './progress.js';

export function addCommonOptions(cmd: Command): Command {
  return cmd
    .option('--count <n>', 'how many puzzles (1 to 1000)')
    .option('--seed <text>', 'any word or number; the same seed gives the same puzzles (default: random, printed)')
    .option('--paper <size>', 'a4 or letter (default a4)')
    .option('--layout <COLSxROWS>', 'puzzles per page, e.g. 2x3 (default: chosen for the kind and size)')
    .option('--answers <where>', 'back (answer pages at the end), separate (NAME-answers.pdf) or none (default back)')
    .option('--title <text>', 'title printed on every page')
    .option('--template <file>', 'your own Handlebars page template (NAME=FILE replaces another page, e.g. answers=my.hbs)', (v: string, p: string[] = []) => [...p, v])
    .option('--out <file>', 'the PDF to write (default output/<kind>-<seed>.pdf)')
    .option('--json <file>', 'also write the puzzles and solutions as JSON');
}

export function parseKindOptions<O>(kind: Kind<O>, raw: Record<string, unknown>): O {
  const input = pickSpecs(raw, kind.options);
  const parsed = kind.schema.safeParse(input);
  if (!parsed.success) fail(issueLine(parsed.error, (k) => flagOf(kind.options, k), input));
  return parsed.data;
}

export function parseCommon(raw: Record<string, unknown>) {
  const input = pickSpecs(raw, Object.keys(COMMON_FLAGS).map((key) => ({ key, flags: COMMON_FLAGS[key]!, description: '' })));
  const parsed = commonSchema.safeParse(input);
  if (!parsed.success) fail(issueLine(parsed.error, (k) => COMMON_FLAGS[k] ?? `--${k}`, input));
  return parsed.data;
}

async function runKind(kind: Kind, raw: Record<string, unknown>, log: (line: string) => void): Promise<void> {
  const common = parseCommon(raw);
  const options = parseKindOptions(kind, raw);
  const templates = new Templates(templateOverrides((raw.template as string[] | undefined) ?? []));
  const seed = common.seed ?? randomSeed();
  if (!common.seed) log(`Seed: ${seed} (use --seed ${seed} to make the same puzzles again)`);
  const out = (raw.out as string | undefined) ?? `output/${kind.name}-${safeName(seed)}.pdf`;
  const count = common.count ?? kind.defaultCount;
  checkWritable(out);
  if (raw.json) checkWritable(raw.json as string);

  const progress = progressReporter(`Generating ${kind.title}`, count);
  const items = [];
  for (let i = 0; i < count; i++) {
    items.push(...generateItems(kind, options, seed, 1, i));
    progress(i + 1, count);
  }
  const settings = { paper: common.paper, layout: common.layout, title: common.title };
  const part = kindPart(kind, options, items, settings, templates);
  const files = documentPages([part], common.answers);
  const meta = {
    title: common.title ?? defaultTitle(kind),
    subject: `${count} ${kind.title} ${count === 1 ? 'puzzle' : 'puzzles'}, ${kind.describe(options)}`,
    keywords: ['puzzlepress', kind.name, kind.describe(options), `seed ${seed}`].join(', '),
  };
  const render = { paper: common.paper, templates, meta };
  // Everything is generated and checked before the first file is opened.
  if (raw.json) await writeJson(raw.json as string, kind.json(options, items));
  await writePdf(out, files.main, render);
  log(`Wrote ${out} (${files.main.length} ${files.main.length === 1 ? 'page' : 'pages'})`);
  if (files.answers) {
    const answersOut = answersFileName(out);
    await writePdf(answersOut, files.answers, { ...render, meta: { ...meta, title: `${meta.title}: answer key` } });
    log(`Wrote ${answersOut} (${files.answers.length} ${files.answers.length === 1 ? 'page' : 'pages'})`);
  }
  if (raw.json) log(`Wrote ${raw.json as string}`);
}

export function addKindCommand(program: Command, kind: Kind, log: (line: string) => void): void {
  const cmd = program.command(kind.name).description(kind.summary).enablePositionalOptions();
  addCommonOptions(cmd);
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
      const result = sub.run(parsed.data, progressReporter(`${kind.title} ${sub.name}`, 0));
      log(result.text);
      if (raw.json && result.json !== undefined) {
        await writeJson(raw.json as string, result.json);
        log(`Wrote ${raw.json as string}`);
      }
    });
  }
}
