import { configDefaults, defineConfig } from 'vitest/config';

// The hostile-input corpus (test/hostile/) runs thousands of CLI processes: `npm run test:hostile`
// runs only it, all of it; `npm test` runs a sample of every category with the rest (hostile.test.ts).
const hostile = process.env.FLINKSLOT_HOSTILE === '1';

export default defineConfig({
  test: {
    include: hostile ? ['test/hostile/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: configDefaults.exclude,
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Hang guards, not speed checks (no test reads a clock: test/unit/tests-read-no-clock.test.ts):
    // generous, so that `npm test` passes on a machine whose cores are busy with other work.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
