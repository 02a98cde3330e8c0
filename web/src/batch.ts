// Class sets in the worker: the same batch core as `puzzlepress batch`, run in one thread, with the
// files collected in memory and handed back as one ZIP.
import { zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { batchSetup, InThreadRunner, runBatchCore, type BatchSink } from '../../src/batch/core.js';
import { parsePlanText } from '../../src/batch/plan.js';
import { safeName } from '../../src/core/seed.js';
import { UserError } from '../../src/core/errors.js';
import { errorReply } from './problems.js';
import { text, type Port } from '../../src/port/index.js';
import type { BrowserPort } from '../../src/port/browser.js';
import type { BatchJob, ClassSetMade, PlanToYaml, ReadPlan, Reply } from './protocol.js';

/** The roster's name in plans the page writes; the CLI reads it beside the plan file. */
export const ROSTER_FILE = 'pupils.csv';
const PLAN_FILE = 'plan.yaml';

/** A fixed time stamp in the ZIP, so the same plan gives the same ZIP bytes. */
const ZIP_TIME = new Date(Date.UTC(2024, 0, 1));

function yamlOf(plan: Record<string, unknown>): string {
  return stringify(plan, { lineWidth: 0 });
}

export async function runBatchJob(id: number, job: BatchJob | PlanToYaml | ReadPlan, port: BrowserPort, post: (r: Reply) => void): Promise<Reply> {
  if (job.type === 'plan-yaml') return { id, type: 'done', files: [{ name: 'plan.yaml', bytes: new TextEncoder().encode(yamlOf(job.plan)) }] };
  if (job.type === 'read-plan') {
    // Checked as the command line checks it; the roster it names is not here, so any one name stands in.
    try {
      parsePlanText(job.text, job.name, () => 'Pupil\n');
    } catch (e) {
      // a mistake in a worksheet's field (a size out of range typed in the file): the page opens the
      // plan as written and marks that field, as if it had been typed there
      if (e instanceof UserError && e.sheet !== undefined && e.field !== undefined) return { ...errorReply(id, e), data: parse(job.text) as unknown };
      throw e;
    }
    return { id, type: 'done', files: [], data: parse(job.text) as unknown };
  }
  port.setFiles(job.files);
  const readFile = (path: string): string => (path === ROSTER_FILE && job.roster !== undefined ? job.roster : text((port as Port).readFile(path)));
  const plan = parsePlanText(yamlOf(job.plan), PLAN_FILE, readFile);
  const seed = plan.seed ?? 'class';
  const setup = batchSetup(plan, seed, PLAN_FILE, job.booklet);
  const files: Record<string, Uint8Array> = {};
  const pages: Record<string, number> = {};
  const sink: BatchSink = {
    file: async (name, bytes, n) => {
      files[name] = bytes;
      pages[name] = n;
    },
  };
  // No manifest.json in the ZIP, unlike puzzlepress batch: it is a list for programs, and every code
  // in it is printed on the pupils' pages and in the key, so to a teacher it was a file to puzzle
  // over and nothing to print. Saved settings run with puzzlepress batch still write it.
  const manifest = await runBatchCore(setup, new InThreadRunner(setup), sink, (done, total) => post({ id, type: 'progress', done, total, what: 'files' }));
  // PDFs are compressed already: storing them is as small and much faster.
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([n, b]) => [n, [b, { level: 0, mtime: ZIP_TIME }]])) as never);
  const made: ClassSetMade = { files: Object.entries(pages).map(([name, n]) => ({ name, pages: n })), pupils: manifest.pupils?.length ?? 0 };
  return { id, type: 'done', files: [{ name: `${safeName(plan.title)}.zip`, bytes: zip }], data: made };
}
