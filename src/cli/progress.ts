import cliProgress from 'cli-progress';
import type { Progress } from '../core/kind.js';

/**
 * A bar on a terminal; on a pipe or in CI, a plain line every 10%, so logs stay readable.
 * Short jobs (under a second) print nothing at all.
 */
export function progressReporter(label: string, _expected: number): Progress {
  const started = Date.now();
  let bar: cliProgress.SingleBar | null = null;
  let lastTenth = -1;
  return (done, total) => {
    if (total <= 1) return;
    if (Date.now() - started < 1000 && done < total && !bar) return;
    if (process.stderr.isTTY) {
      if (!bar) {
        if (done >= total) return;
        bar = new cliProgress.SingleBar(
          { format: `${label} [{bar}] {value}/{total} {eta_formatted} left`, stream: process.stderr, hideCursor: true },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done);
      }
      bar.update(done);
      if (done >= total) bar.stop();
    } else {
      const tenth = Math.floor((done * 10) / total);
      if (tenth > lastTenth && Date.now() - started >= 1000) {
        lastTenth = tenth;
        process.stderr.write(`${label}: ${done}/${total}\n`);
      }
    }
  };
}
