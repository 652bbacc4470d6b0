/**
 * The import layers of flinkslot (ARCHITECTURE.md): the pipeline parse → plan → execution | memory
 * → sim → report → app, over the leaves (errors, model, graph, util). A stage imports only stages
 * before it; `src/index.ts` is the face (src/face/ holds parts of it) and `commands/` (the shell)
 * imports nothing else of src/.
 * `npm run lint:layers` runs this; a back-arrow or a cycle fails `npm test` and so CI.
 */
const STAGES = [
  // [stage, stages it may import besides itself]
  ['errors', []],
  ['graph', []],
  ['util', []],
  ['model', ['errors']],
  ['parse', ['errors', 'graph', 'util', 'model']],
  ['plan', ['errors', 'graph', 'util', 'model', 'parse']],
  ['execution', ['errors', 'graph', 'util', 'model', 'parse', 'plan']],
  ['memory', ['errors', 'graph', 'util', 'model', 'parse']],
  ['sim', ['errors', 'graph', 'util', 'model', 'parse', 'plan', 'execution', 'memory']],
  ['report', ['errors', 'graph', 'util', 'model', 'parse', 'plan', 'execution', 'memory', 'sim']],
  ['app', ['errors', 'graph', 'util', 'model', 'parse', 'plan', 'execution', 'memory', 'sim', 'report']],
];
const ALL = STAGES.map(([s]) => s);

const stageRules = STAGES.map(([stage, allowed]) => {
  const forbidden = ALL.filter((s) => s !== stage && !allowed.includes(s));
  return {
    name: `layer-${stage}`,
    comment: `src/${stage}/ may import only ${allowed.length > 0 ? allowed.join(', ') : 'itself'} (imports run down the pipeline; see ARCHITECTURE.md)`,
    severity: 'error',
    from: { path: `^src/${stage}/` },
    to: { path: [`^src/(${forbidden.join('|')})/`, '^src/index\\.ts$', '^src/face/'] },
  };
});

module.exports = {
  forbidden: [
    ...stageRules,
    {
      name: 'no-circular',
      comment: 'no import cycles, type-only imports included',
      severity: 'error',
      from: { path: '^(src|commands)/' },
      to: { circular: true },
    },
    {
      name: 'commands-use-the-face',
      comment: 'commands/ (the oclif shell) imports only the face from the core: src/index.ts, or a part of it in src/face/',
      severity: 'error',
      from: { path: '^commands/' },
      to: { path: '^src/', pathNot: '^src/(index\\.ts|face/[^/]+\\.ts)$' },
    },
    {
      name: 'core-is-pure',
      comment: 'src/ uses no Node.js module: file, process and thread access belong in commands/',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-never-imports-shell-or-tests',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(commands|test|bench|bin)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
