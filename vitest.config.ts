import { configDefaults, defineConfig } from 'vitest/config';

// The hostile-input corpus (test/hostile/) runs thousands of CLI processes: `npm run test:hostile`.
const hostile = process.env.FLINKSLOT_HOSTILE === '1';

export default defineConfig({
  test: {
    include: hostile ? ['test/hostile/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: hostile ? configDefaults.exclude : [...configDefaults.exclude, 'test/hostile/**'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Hang guards, not speed checks (no test reads a clock: test/unit/tests-read-no-clock.test.ts):
    // generous, so that `npm test` passes on a machine whose cores are busy with other work.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
