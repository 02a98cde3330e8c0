import '../port/node.js';
import { parentPort, workerData } from 'node:worker_threads';
import { toPlain, UserError } from '../core/errors.js';
import { readPlan } from './plan-file.js';
import type { WorkerTask } from './pool.js';
import { BatchTasks, type Setup } from './tasks.js';

/**
 * One thread of the batch pool: runs tasks in the order they come and posts PDFs back without copying.
 * The first worker is started before the plan is read, and reads it ('plan'), so that the main
 * thread never loads the puzzle kinds; it is then given the run's setup ('setup').
 */
let tasks = workerData ? new BatchTasks(workerData as Setup) : null;

async function run(task: WorkerTask): Promise<unknown> {
  if (task.type === 'plan') return readPlan(task.file);
  if (task.type === 'setup') {
    tasks = new BatchTasks(task.setup);
    return null;
  }
  if (!tasks) throw new Error('batch worker has no setup yet');
  return tasks.run(task);
}

parentPort!.on('message', async (msg: { id: number; task: WorkerTask }) => {
  try {
    const result = (await run(msg.task)) as Record<string, unknown> & { pdf?: Uint8Array; key?: { pdf: Uint8Array } };
    const transfer: ArrayBuffer[] = [];
    // Only a buffer that is wholly the PDF may be handed over; a slice of a shared pool is copied.
    const handOver = (pdf: Uint8Array): Uint8Array => {
      const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
      const out = own ? pdf : new Uint8Array(pdf);
      transfer.push(out.buffer as ArrayBuffer);
      return out;
    };
    if (result && result.pdf) result.pdf = handOver(result.pdf);
    if (result && result.key?.pdf.byteLength) result.key.pdf = handOver(result.key.pdf);
    parentPort!.postMessage({ id: msg.id, result }, transfer);
  } catch (e) {
    const err = e as Error;
    // a mistake's place (worksheet, field, line) goes too, as plain data: a class would not cross
    const user = err instanceof UserError ? toPlain(err) : undefined;
    parentPort!.postMessage({ id: msg.id, error: { user, message: err.message, stack: err.stack } });
  }
});
