import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
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
  },
});
