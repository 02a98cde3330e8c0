import '../port/node.js';
import { parentPort, workerData } from 'node:worker_threads';
import { UserError } from '../core/errors.js';
import { BatchTasks, type Setup, type Task } from './tasks.js';

/** One thread of the batch pool: runs tasks in the order they come and posts PDFs back without copying. */
const tasks = new BatchTasks(workerData as Setup);

parentPort!.on('message', async (msg: { id: number; task: Task }) => {
  try {
    const result = await tasks.run(msg.task);
    const transfer: ArrayBuffer[] = [];
    if ('pdf' in result) {
      // Only a buffer that is wholly the PDF may be handed over; a slice of a shared pool is copied.
      const own = result.pdf.byteOffset === 0 && result.pdf.byteLength === result.pdf.buffer.byteLength;
      result.pdf = own ? result.pdf : new Uint8Array(result.pdf);
      transfer.push(result.pdf.buffer as ArrayBuffer);
    }
    parentPort!.postMessage({ id: msg.id, result }, transfer);
  } catch (e) {
    const err = e as Error;
    parentPort!.postMessage({ id: msg.id, error: { user: err instanceof UserError, message: err.message, stack: err.stack } });
  }
});
