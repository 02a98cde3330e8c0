import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the library reads fonts, templates and pictures through the platform port: tests run on Node's
    setupFiles: ['src/port/node.ts'],
    // Property tests over many seeds and CLI runs are slow on a loaded 2-core CI box; they are not
    // timing tests (speed is measured in bench/), so the limit only catches hangs.
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
