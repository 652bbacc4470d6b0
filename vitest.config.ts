import { configDefaults, defineConfig } from 'vitest/config';

// The hostile-input corpus (test/hostile/) runs thousands of CLI processes: `npm run test:hostile`.
const hostile = process.env.FLINKSLOT_HOSTILE === '1';

export default defineConfig({
  test: {
    include: hostile ? ['test/hostile/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: hostile ? configDefaults.exclude : [...configDefaults.exclude, 'test/hostile/**'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
