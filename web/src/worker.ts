// The generator, layout and PDF drawing: the same library as the command line, in a Web Worker so
// the page never freezes. Shipped files come through the browser side of the platform port.
import PDFDocument from 'pdfkit';
import { BrowserPort, installBrowserPort } from '../../src/port/browser.js';
import { MissingAsset } from '../../src/port/index.js';
import { failTogether, UserError } from '../../src/core/errors.js';
import { findKind } from '../../src/kinds/index.js';
import { parseCommon, parseKindOptions } from '../../src/core/options.js';
import { Templates } from '../../src/layout/templates.js';
import { answersMeta, planKey, planSheets } from '../../src/make.js';
import { explainCount, SYMBOLS_NOT_NEEDED } from '../../src/run.js';
import { renderToBuffer } from '../../src/pdf/render.js';
import { EMOJI_ASSET, ICON_ASSET } from '../../src/pdf/symbols.js';
import { safeName } from '../../src/core/seed.js';
import icons from '../generated/icons.json?url';
import emoji from '@iconify-json/fluent-emoji-flat/chars.json?url';
import fontFiles from '../generated/fonts.json';
import { optionalTables, rangeFiles, webFontPath } from '../../src/pdf/fallback.js';
import type { Job, KeyMade, OutFile, Problem, Reply } from './protocol.js';
import { errorReply, problem } from './problems.js';

const templates = import.meta.glob('../../templates/*.hbs', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
// Every message file in messages/ at build time: a language added there is a language here.
const messageFiles = import.meta.glob('../../messages/*.json', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

const port = installBrowserPort(
  new BrowserPort(PDFDocument as never, {
    [ICON_ASSET]: icons,
    [EMOJI_ASSET]: emoji,
    // fonts sit in fonts/ beside the page, those of other scripts under their npm package's name
    // (from the worker's own address: Vite would read new URL(`...${x}`, import.meta.url) as a glob)
    ...Object.fromEntries((fontFiles as string[]).map((f) => [f, new URL(`../fonts/${webFontPath(f)}`, self.location.href).href])),
  }),
);
// Every PDF needs the fonts: fetch them as the worker starts; pictures only when a deck asks.
// (and the small tables saying which script font file has which letters)
// The full Chinese/Korean fonts may be missing from the install serving the page: without their
// tables the library uses the common characters we ship, as the command line does.
const optional = optionalTables();
const fonts = Promise.all(
  ['fonts/Andika-Regular.ttf', 'fonts/Andika-Bold.ttf', 'fonts/Andika-Italic.ttf', ...rangeFiles()]
    .filter((f) => (fontFiles as string[]).includes(f))
    .map((f) => (optional.includes(f) ? port.load(f).catch(() => port.forget(f)) : port.load(f))),
);
const encoder = new TextEncoder();
for (const [path, text] of Object.entries(templates)) port.provide(`templates/${path.split('/').pop()}`, encoder.encode(text));
for (const [path, text] of Object.entries(messageFiles)) port.provide(`messages/${path.split('/').pop()}`, encoder.encode(text));

function post(reply: Reply, transfer: Transferable[] = []): void {
  (self as unknown as Worker).postMessage(reply, transfer);
}

async function sheet(id: number, job: Extract<Job, { type: 'sheet' }>): Promise<Reply> {
  const kind = findKind(job.kind);
  if (!kind) throw new UserError(`there is no puzzle kind "${job.kind}"`);
  port.setFiles(job.files);
  // every wrong field at once, so the teacher is not sent back one field at a time
  const [common, options] = failTogether(
    () => parseCommon(job.values),
    () => parseKindOptions(kind, job.values),
  );
  const seed = common.seed ?? 'puzzles';
  const t = new Templates();
  const count = common.count ?? kind.defaultCount;
  const plan = planSheets(kind, options, common, seed, t, (done, total) => post({ id, type: 'progress', done, total, what: 'puzzles' }), explainCount(job.values.explain));
  post({ id, type: 'progress', done: count, total: count, what: 'pages' });
  const render = { paper: common.paper, templates: t, meta: plan.meta };
  // what the sheet is, then its puzzle set: calcudoku-6x6-medium-week3.pdf, not calcudoku-week3.pdf;
  // the teacher's title first when there is one (week-3-fractions-4x4-easy-week3.pdf)
  const what = slug(kind.describe(options), 40);
  const base = `${(common.title && slug(common.title, 40)) || kind.name}${what ? `-${what}` : ''}-${safeName(seed)}`;
  const files: OutFile[] = [{ name: `${base}.pdf`, bytes: await renderToBuffer(plan.main, render), pages: plan.main.length }];
  if (plan.answers) files.push({ name: `${base}-answers.pdf`, bytes: await renderToBuffer(plan.answers, { ...render, meta: answersMeta(plan.meta) }), pages: plan.answers.length });
  files.push({ name: `${base}.json`, bytes: encoder.encode(`${JSON.stringify(plan.json, null, 2)}\n`) });
  return { id, type: 'done', files, frontPages: plan.frontPages, title: `${kind.title} · ${kind.describe(options)}` };
}

async function key(id: number, job: Extract<Job, { type: 'key' }>): Promise<Reply> {
  const common = parseCommon({ paper: job.paper });
  const t = new Templates();
  port.setFiles(job.files ?? {});
  let plan: ReturnType<typeof planKey>;
  let own = !!job.symbols;
  try {
    plan = planKey(job.code, common.paper, t, job.explain, job.symbols, job.lang);
  } catch (e) {
    // words or pictures still given for a deck, but this code is another deck's or another kind's
    if (!(job.symbols && e instanceof UserError && e.reason === SYMBOLS_NOT_NEEDED)) throw e;
    plan = planKey(job.code, common.paper, t, job.explain, undefined, job.lang);
    own = false;
  }
  const bytes = await renderToBuffer(plan.pages, { paper: common.paper, templates: t, meta: plan.meta });
  // the page shows the words box only while the answer shown was made from them
  const data: KeyMade = { own };
  return { id, type: 'done', files: [{ name: `key-${plan.item.code}.pdf`, bytes, pages: plan.pages.length }], title: `${plan.kind.title} ${plan.kind.describe(plan.options)}, code ${plan.item.code}`, data };
}

/**
 * A class set's worksheets checked as Worksheets checks a sheet, before the class set is made: each
 * wrong field by its worksheet, in the same words ("Size must be a whole number from 5 to 20"). The
 * plan's own check would name them as a program does ("worksheets[1].size: ..."), by no field.
 */
function checkWorksheets(id: number, job: Extract<Job, { type: 'batch' | 'check' }>): Reply | null {
  port.setFiles(job.files);
  const files = Object.keys(job.files);
  const found: Problem[] = [];
  job.plan.worksheets.forEach((ws, sheet) => {
    const kind = findKind(String(ws.kind));
    if (!kind) return;
    const values = Object.fromEntries(Object.entries(ws).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]));
    try {
      failTogether(
        () => parseCommon({ count: values.count }),
        () => parseKindOptions(kind, values),
      );
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      for (const m of [e, ...e.more]) found.push({ ...problem(m, files), sheet });
    }
  });
  const [first, ...more] = found;
  return first ? { id, type: 'error', ...first, ...(more.length ? { more } : {}) } : null;
}

async function run(id: number, job: Job): Promise<Reply> {
  switch (job.type) {
    case 'sheet':
      return sheet(id, job);
    case 'key':
      return key(id, job);
    case 'batch':
      return checkWorksheets(id, job) ?? (await import('./batch.js')).runBatchJob(id, job, port, (r) => post(r));
    case 'check':
      return checkWorksheets(id, job) ?? { id, type: 'done', files: [] };
    case 'plan-yaml':
    case 'read-plan':
      // class sets need the batch code, which the first sheet should not wait for
      return (await import('./batch.js')).runBatchJob(id, job, port, (r) => post(r));
  }
}

// signs in a sheet's description, in words: "+ − only" left "only" with its signs gone
const SIGN_WORDS: Record<string, string> = { '+': ' plus ', '\u2212': ' minus ', '×': ' times ', '÷': ' divide ' };

/** Text as a file name's part: small letters, digits and dashes, at most `max` characters, cut between words. */
function slug(text: string, max: number): string {
  const whole = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // é is e and an accent: the e stays
    .toLowerCase()
    .replace(/(\d)\s*[x×]\s*(\d)/g, '$1x$2')
    .replace(/[+\u2212×÷]/g, (c) => SIGN_WORDS[c]!)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  if (whole.length <= max) return whole;
  // "...made-from-the-pr" read as a mistake: end at the last whole word, unless that leaves little
  const cut = whole.slice(0, max + 1).lastIndexOf('-');
  return (cut >= max / 2 ? whole.slice(0, cut) : whole.slice(0, max)).replace(/-$/, '');
}

const UNFETCHED = 'A font or picture this needs could not be fetched. Check the connection, then try again.';

self.onmessage = async (e: MessageEvent<{ id: number; job: Job }>) => {
  const { id, job } = e.data;
  await fonts.catch(() => {}); // a font that failed to load is fetched again below, and its error shown
  // a few fetches per text in a new script: its fonts are asked for all at once
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      const reply = await run(id, job);
      const transfer = reply.type === 'done' ? reply.files.map((f) => f.bytes.buffer as ArrayBuffer) : [];
      post(reply, transfer);
      return;
    } catch (err) {
      // A shipped file (symbol art) not fetched yet: fetch it and run the same job again.
      if (err instanceof MissingAsset) {
        // A failed fetch must still answer: the page would otherwise wait for ever.
        const loaded = await Promise.all(err.paths.map((p) => port.load(p))).then(() => true, (e: unknown) => (console.error(e), false));
        if (loaded) continue;
        post({ id, type: 'error', message: UNFETCHED });
        return;
      }
      if (err instanceof UserError) {
        post(errorReply(id, err, 'files' in job ? Object.keys(job.files ?? {}) : []));
      } else {
        console.error(err);
        post({ id, type: 'error', message: 'Something went wrong while making this. Try other options, or reload the page.' });
      }
      return;
    }
  }
  post({ id, type: 'error', message: UNFETCHED });
};
