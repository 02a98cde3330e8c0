import { loadPdfkit } from '../port/node-lazy.js';
import { Command, CommanderError } from 'commander';
import { UserError } from '../core/errors.js';
import { removePending } from '../node/interrupt.js';
import { addBatchCommand } from './batch-command.js';

const log = (line: string) => process.stdout.write(`${line}\n`);

/**
 * `puzzlepress batch ...` is given a program of its own command only: its main thread hands out
 * work and writes files, and loading every kind and command for the others cost it ~0.3 s of CPU.
 */
async function program(): Promise<Command> {
  const p = new Command('puzzlepress')
    .description('Prints maths puzzles and games as PDFs, with answer keys.')
    .version('0.1.0')
    .showSuggestionAfterError(true)
    .enablePositionalOptions() // so `ludo simulate --seed 2` gives --seed to simulate, not to ludo
    .exitOverride()
    .configureOutput({ writeErr: () => {} }) // errors are printed once, below, as one line
    // A batch draws in its workers (and loads PDFKit itself for a booklet's cover): its main thread goes without.
    .hook('preAction', async (_p, action) => {
      if (action.name() !== 'batch') await loadPdfkit();
    });
  if (process.argv[2] === 'batch') {
    addBatchCommand(p, log);
    return p;
  }
  const [{ KINDS }, { addKindCommand }, { addKeyCommand, addListCommand }, { addWebCommand }] = await Promise.all([
    import('../kinds/index.js'),
    import('./kind-command.js'),
    import('./info-commands.js'),
    import('./web-command.js'),
  ]);
  addListCommand(p, log);
  addKeyCommand(p, log);
  for (const kind of KINDS) addKindCommand(p, kind, log);
  addBatchCommand(p, log);
  addWebCommand(p, log);
  return p;
}

function stop(message: string, code: number): never {
  removePending();
  // one line, whatever a file name or a library message holds
  process.stderr.write(`puzzlepress: ${message.replace(/\s*[\r\n]+\s*/g, ' ')}\n`);
  process.exit(code);
}

function report(e: unknown): never {
  if (e instanceof CommanderError) {
    if (e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version') process.exit(0);
    const msg = e.message.replace(/^error:\s*/, '');
    stop(`${msg} (see puzzlepress --help)`, 2);
  }
  if (e instanceof UserError) stop(e.message, 2);
  // the reader of our output went away (`puzzlepress list | head`): nothing is wrong, stop quietly
  if ((e as NodeJS.ErrnoException)?.code === 'EPIPE') {
    removePending();
    process.exit(0);
  }
  if (process.env.PUZZLEPRESS_DEBUG) console.error(e);
  stop(`internal error: ${(e as Error)?.message ?? String(e)} (this is a bug in puzzlepress; set PUZZLEPRESS_DEBUG=1 for details)`, 1);
}

// an error in a callback (a decoder, a stream) still ends in one line, with temp files removed
process.on('uncaughtException', report);

// no top-level await: the built CLI runs this file bundled as a script (see scripts/bundle.ts)
program()
  .then((p) => p.parseAsync(process.argv))
  .catch(report);
