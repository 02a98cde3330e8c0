import '../port/node.js';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { UserError } from '../core/errors.js';
import { BatchTasks, type Setup, type Task } from './tasks.js';

/** One thread of the batch pool: runs tasks in the order they come and posts PDFs back without copying. */
const tasks = new BatchTasks(workerData as Setup);

/**
 * A batch allocates fast and keeps little (about 50 MB live for a class plan), so V8 lets the heap
 * grow to several times that between full collections: at 1,000 pupils the process peaked near
 * 470 MB while 50 MB were in use. Collecting once the heap has doubled since the last collection
 * keeps the peak near twice what is live, whatever the roster, for a few ms a pupil.
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const FLOOR = 48 << 20;
let after = FLOOR;

function keepHeapFlat(): void {
  if (getHeapStatistics().used_heap_size < Math.max(FLOOR, 2 * after)) return;
  collect();
  after = getHeapStatistics().used_heap_size;
}

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
    keepHeapFlat();
  } catch (e) {
    const err = e as Error;
    parentPort!.postMessage({ id: msg.id, error: { user: err instanceof UserError, message: err.message, stack: err.stack } });
  }
});
