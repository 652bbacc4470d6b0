#!/usr/bin/env node
// The JSON output schemas in schemas/ are the one source of the JSON output types.
// Every output schema becomes a TypeScript module src/model/json/<name>.ts (checked in), whose
// types the report builders return, so `tsc` fails when a builder and its schema disagree.
//   node bin/build-json-types.js          write the modules (`npm run json-types`)
//   node bin/build-json-types.js --check  exit 1, naming the files, when a module is not what its
//                                         schema generates (`npm run build` runs it before tsc;
//                                         test/unit/report/json-types.test.ts checks the same)
// json-schema-to-typescript does the translation; around it, this script:
// - names each schema's root type (ROOT_NAMES) and declares every $defs entry (one shared type each);
// - turns a $ref into another output schema into an import of that schema's generated type, so
//   simulation-variants and cluster-fit use simulation's types, size-search size's (not copies);
// - keeps a $ref with a sibling description a reference to the shared type (the generator would
//   otherwise declare a copy per description, SlotsPerGroup1, SlotsPerGroup2, ...);
// - types an array of fixed length as a tuple (the generator's own tuples need minItems everywhere);
// - formats with the project's prettier configuration, so `prettier --check` agrees.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import * as prettier from 'prettier';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'src/model/json');

/** Output schema (schemas/<name>.schema.json) → the name of its root type. */
export const ROOT_NAMES = {
  plan: 'PlanJson',
  memory: 'MemoryJson',
  simulation: 'SimulationJson',
  'simulation-variants': 'SimulationVariantsJson',
  size: 'SizeJson',
  'size-search': 'SizeSearchJson',
  'parallelism-fit': 'ParallelismFitJson',
  'cluster-fit': 'ClusterFitJson',
  diff: 'DiffJson',
  validate: 'ValidateJson',
  error: 'ErrorJson',
  explain: 'ExplainJson',
};

/** The TypeScript name json-schema-to-typescript gives a $defs key (its toSafeString). */
function defName(key) {
  return key
    .replace(/(^\s*[^a-zA-Z_$])|([^a-zA-Z_$\d])/g, ' ')
    .replace(/^_[a-z]/g, (m) => m.toUpperCase())
    .replace(/_[a-z]/g, (m) => m.substring(1).toUpperCase())
    .replace(/([\d$]+[a-zA-Z])/g, (m) => m.toUpperCase())
    .replace(/\s+([a-zA-Z])/g, (m) => m.trim().toUpperCase())
    .replace(/\s/g, '')
    .replace(/^[a-z]/, (m) => m.toUpperCase());
}

/** A $ref into another output schema, as a TypeScript type expression and the name to import. */
function externalType(ref) {
  const [file, pointer = ''] = ref.split('#');
  const name = file.replace(/\.schema\.json$/, '');
  const rootName = ROOT_NAMES[name];
  if (rootName === undefined) throw new Error(`$ref ${ref}: not an output schema`);
  const parts = pointer.split('/').filter((p) => p !== '');
  if (parts.length === 0) return { module: name, type: rootName, expr: rootName };
  if (parts.length === 2 && parts[0] === '$defs') {
    const type = defName(parts[1]);
    return { module: name, type, expr: type };
  }
  if (parts.length === 2 && parts[0] === 'properties') {
    return { module: name, type: rootName, expr: `NonNullable<${rootName}['${parts[1]}']>` };
  }
  throw new Error(`$ref ${ref}: only a schema, its $defs or its top-level properties can be referred to`);
}

/** The schema as the generator should read it, and the imports its external $refs need. */
function prepare(schema) {
  const imports = new Map();
  let usesCode = false;
  const walk = (node) => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') {
      const { $ref, description } = node;
      const extra = Object.keys(node).filter((k) => k !== '$ref' && k !== 'description');
      if (extra.length > 0) throw new Error(`$ref ${$ref} with ${extra.join(', ')} beside it`);
      if ($ref.startsWith('#')) return { $ref };
      const external = externalType($ref);
      if (!imports.has(external.module)) imports.set(external.module, new Set());
      imports.get(external.module).add(external.type);
      return description === undefined ? { tsType: external.expr } : { tsType: external.expr, description };
    }
    const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    // A diagnostic's code is one of the catalog's (src/errors/codes.ts): the schema says string
    // (docs/diagnostics.md lists them), the type says which, so a report cannot carry a code the
    // catalog lacks and the core's Diagnostic passes into a report without a cast.
    if (out.type === 'object' && out.properties?.code?.type === 'string' && out.properties.severity !== undefined) {
      out.properties = { ...out.properties, code: { ...out.properties.code, tsType: 'DiagnosticCode' } };
      usesCode = true;
    }
    // A fixed-length array ([time, slots]) is a tuple; other item counts stay plain arrays.
    if (out.type === 'array' && out.minItems !== undefined && out.minItems === out.maxItems && !Array.isArray(out.items)) {
      const { minItems, maxItems, items, ...rest } = out;
      return { ...rest, items: Array.from({ length: minItems }, () => items), additionalItems: false, minItems, maxItems };
    }
    return out;
  };
  const prepared = walk(schema);
  delete prepared.$id;
  return { prepared, imports, usesCode };
}

/** Every generated module: path relative to the repository → its text. */
export async function generateJsonTypes() {
  const config = await prettier.resolveConfig(join(outDir, 'x.ts'));
  const files = new Map();
  for (const [name, rootName] of Object.entries(ROOT_NAMES)) {
    const source = `schemas/${name}.schema.json`;
    const schema = JSON.parse(readFileSync(join(root, source), 'utf8'));
    const { prepared, imports, usesCode } = prepare(schema);
    prepared.title = rootName;
    const body = await compile(prepared, rootName, {
      bannerComment: '',
      format: false,
      additionalProperties: true,
      ignoreMinAndMaxItems: true,
      unreachableDefinitions: true,
      enableConstEnums: false,
      strictIndexSignatures: false,
      unknownAny: true,
      cwd: join(root, 'schemas'),
      $refOptions: { resolve: { external: false } },
    });
    const importLines = [...imports].map(([module, types]) => `import type { ${[...types].sort().join(', ')} } from './${module}.js';`);
    if (usesCode) importLines.unshift("import type { DiagnosticCode } from '../../errors/codes.js';");
    const header = [
      `// Generated from ${source} by bin/build-json-types.js: do not edit.`,
      '// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).',
      ...importLines,
      '',
    ].join('\n');
    const text = await prettier.format(header + '\n' + body, { ...config, filepath: join(outDir, `${name}.ts`) });
    files.set(relative(root, join(outDir, `${name}.ts`)), text);
  }
  return files;
}

async function main() {
  const files = await generateJsonTypes();
  if (process.argv.includes('--check')) {
    const stale = [...files].filter(([path, text]) => {
      try {
        return readFileSync(join(root, path), 'utf8') !== text;
      } catch {
        return true;
      }
    });
    if (stale.length > 0) {
      process.stderr.write(
        `JSON output types out of date with schemas/: ${stale.map(([p]) => p).join(', ')}\n` +
          'Run `node bin/build-json-types.js` (or `npm run build`) and commit the result.\n',
      );
      process.exit(1);
    }
    return;
  }
  mkdirSync(outDir, { recursive: true });
  for (const [path, text] of files) writeFileSync(join(root, path), text);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await main();
