import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { fail } from '../core/errors.js';
import { runBatch } from '../batch/run-batch.js';
import { progressReporter } from './progress.js';

/**
 * More workers than cores only adds memory and switching (64 on 2 cores: 4 GB, 3x slower), and the
 * files do not depend on the number, so a higher request is accepted with a note and capped.
 */
function workerCount(raw: string | undefined, log: (line: string) => void): number {
  const cores = availableParallelism();
  if (raw === undefined) return cores;
  const n = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 64) fail(`--workers must be a whole number from 1 to 64 (got ${JSON.stringify(raw)})`);
  if (n > cores) log(`Note: using ${cores} workers, one for each core of this computer (--workers ${n} would only be slower)`);
  return Math.min(n, cores);
}

export function addBatchCommand(program: Command, log: (line: string) => void): void {
  program
    .command('batch <plan>')
    .description('a week of worksheets from a plan file (YAML or JSON): one booklet, or one PDF per pupil of a roster and a teacher\'s key')
    .option('--out <folder>', 'where to write the PDFs and manifest.json (default: the plan\'s out, else output/)')
    .option('--workers <n>', 'worker threads (default: the number of cores); the files do not depend on it')
    .option('--booklet', 'without a roster: print two pages a sheet in booklet order (A5 on A4, half-Letter on Letter)')
    .action(async (plan: string, raw: { out?: string; workers?: string; booklet?: boolean }) => {
      await runBatch({
        planFile: plan,
        out: raw.out,
        workers: workerCount(raw.workers, log),
        booklet: raw.booklet ? true : undefined,
        log,
        progress: progressReporter('Batch', 0),
      });
    });
  program
    .command('schema')
    .description('print the JSON Schema of batch plan files, for editors')
    .action(async () => {
      const { planJsonSchema } = await import('../batch/schema.js'); // it lists every kind's options
      log(JSON.stringify(planJsonSchema(), null, 2));
    });
}
