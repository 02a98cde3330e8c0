import { setFlagsFromString } from 'node:v8';

/**
 * How hard V8 works to optimise, for a batch (and the built CLI's other commands, see
 * src/cli/boot.ts). Most of what a class of 30 costs beyond its pupils is V8 compiling the hot
 * code of a fresh thread (~300 functions, many of them large: the Flow search, the Calcudoku
 * graders, PDFKit, fontkit and fflate). A function is optimised after running a
 * while (the interrupt budget, 66 KB of bytecode by default; here 800 KB, so lukewarm code stays
 * unoptimised) and inlines callees up to a total size (920 bytes of bytecode by default; here 300),
 * which makes each compile cheaper. V8's flags are the process's. README plan, --workers 1,
 * interleaved: 30 pupils 3.50 -> 2.77 s CPU (median of 3); 300 pupils 14.6 -> 14.3-14.6 s (median
 * of 2, each flag alone), so no slower once warm.
 * A budget of 800 KB rather than 200 KB: the optimising compiler still took a third of a 30-pupil
 * run's CPU on its background threads (perf); 30 pupils 2.81 -> 2.44 s CPU (medians of 3), 1,000
 * pupils 36.5 -> 34.0 s (medians of 7; interleaved, busy host); 1,600 and 3,200 KB no better at 30.
 */
export const V8_FLAGS = ['--interrupt-budget=800000', '--max-inlined-bytecode-size-cumulative=300'];

let tuned = false;

/**
 * Sets V8_FLAGS, once. V8 takes a code cache only under the flags it was made with, and Node's own
 * modules come with caches made under the default flags: a module of Node's first loaded after this
 * is compiled from its source. So the built worker sets them itself, once Node's modules it uses are
 * loaded (see worker-boot.ts), rather than the pool before the worker starts.
 */
export function tuneV8(): void {
  if (tuned) return;
  tuned = true;
  for (const flag of V8_FLAGS) setFlagsFromString(flag);
}
