import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that put a stand-in for the platform port in place for their whole run: each gets a
 * fresh module graph, so that neither its stand-in nor what the library cached through it reaches
 * another file.
 */
const OWN_MODULES = ['test/scripts-optional.test.ts'];

export default defineConfig({
  test: {
    // the library reads fonts, templates and pictures through the platform port: tests run on Node's
    setupFiles: ['src/port/node.ts'],
    // Property tests over many seeds and CLI runs are slow on a loaded 2-core CI box; they are not
    // timing tests (speed is measured in bench/), so the limit only catches hangs.
    testTimeout: 180_000,
    // Two test files at once on CI's 2 cores (Vitest's default is one fewer than the cores): much
    // of a test's time is a CLI child or Chromium working or waiting, so the suite that took 882 s
    // in CI with one worker took 648 s with two here.
    maxWorkers: 2,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_MODULES],
          // Files run one after another in a worker share its modules, as the library's threads do
          // (a batch worker, the web page's worker): loaded once, not once a file (~1.5 s of CPU a
          // file, 96 files), and every file's outputs must not depend on what ran before it, which
          // the caches promise. Whole suite, built CLI, same machine: 732 -> 585 s.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own modules', include: OWN_MODULES } },
    ],
  },
});
