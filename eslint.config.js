// ESLint (flat config): the recommended JavaScript and TypeScript rules everywhere, and the pure
// core's rule in src/: no Node.js modules, no process or console, no clock and no randomness.
// The import layers are checked by dependency-cruiser (.dependency-cruiser.cjs), a tool made for it.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NODE_GLOBALS = {
  process: 'readonly',
  console: 'readonly',
  URL: 'readonly',
  Buffer: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'src/parse/generated/', 'coverage/'] },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules over every TypeScript file npm run typecheck compiles (tsconfig.check.json: src,
    // commands, bench, test): a promise nobody awaits loses its error and its ordering (a CLI that exits
    // before its output is flushed, a test that passes before its assertion runs).
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.check.json', tsconfigRootDir: dirname(fileURLToPath(import.meta.url)) } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    languageOptions: { globals: NODE_GLOBALS },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // Terminal escapes and control characters are matched on purpose: names from input are escaped before printing.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads', 'process'],
              message: 'src/ is the pure core: file and process access belongs in commands/ (the shell).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'src/ is pure: the shell passes what it needs.' },
        { name: 'console', message: 'src/ returns values; commands/ prints them.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'no clock in src/: simulated time only.' },
        { object: 'Math', property: 'random', message: 'no randomness in src/: results are deterministic.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'no clock in src/.' },
        {
          // Every spread item is one argument: from ~120,000 of them V8 overflows its stack.
          selector: 'CallExpression[callee.property.name=/^(push|unshift|max|min)$/] > SpreadElement',
          message: 'input-sized arrays overflow the stack as arguments: use pushAll or maxOf (src/util/push-all.ts).',
        },
      ],
    },
  },
);
