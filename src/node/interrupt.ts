import { rmSync } from 'node:fs';

/**
 * Ctrl-C and SIGTERM must end a run at once. Node runs a signal handler only between pieces of
 * JavaScript, so a handler installed during long generating or drawing (synchronous work) would
 * wait for the work to finish. So there is a handler only while a temp file is being written
 * (asynchronous, so the handler runs at once) to remove it; the rest of the time the signals keep
 * their default action, which ends the process immediately, and there is nothing to clean up.
 * (The web page stops its Web Worker with terminate(), which needs nothing here.)
 */
const pending = new Set<string>();

const SIGNALS = { SIGINT: 130, SIGTERM: 143 } as const;

const stopMessage = 'stopped; finished files are complete, nothing half-written was left';

/** Removes every temp file still being written. */
export function removePending(): void {
  for (const f of pending) rmSync(f, { force: true });
  pending.clear();
}

function onSignal(signal: keyof typeof SIGNALS): void {
  removePending();
  process.stderr.write(`puzzlepress: ${stopMessage}\n`);
  process.exit(SIGNALS[signal]);
}

const handlers = Object.fromEntries(Object.keys(SIGNALS).map((s) => [s, () => onSignal(s as keyof typeof SIGNALS)])) as Record<string, () => void>;

/** A temp file now exists; it is removed if the process is stopped before release(). */
export function hold(file: string): void {
  if (pending.size === 0) for (const [s, h] of Object.entries(handlers)) process.on(s, h);
  pending.add(file);
}

export function release(file: string): void {
  pending.delete(file);
  if (pending.size === 0) for (const [s, h] of Object.entries(handlers)) process.off(s, h);
}

/** For tests and the fuzz run: the temp files being written now. */
export function pendingFiles(): ReadonlySet<string> {
  return pending;
}
