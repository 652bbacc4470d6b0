/** Levels `resource-profile` (ResourceProfile operations) and `profile-matching` (isMatching rules). */
import {
  type ResourceProfile,
  allFieldsNoLessThan,
  getOperatorsMemory,
  getTotalMemory,
  isMatching,
  merge,
  multiply,
  profilesEqual,
  subtract,
} from '../../../src/model/resource-profile.js';
import { atLeast, parseFlinkVersion } from '../../../src/model/flink-version.js';
import { CaseError, type ConformanceCase, checkKeys } from '../case-file.js';
import { ProfileTable, capture, memory, profileFromMap } from '../profiles.js';

type Outcome = ResourceProfile | boolean | bigint | { errorType: string; error: string };

function runOp(op: Record<string, unknown>, table: ProfileTable, exactMatching: boolean): Outcome {
  checkKeys(op, ['op', 'a', 'b', 'k'], 'a resourceOps entry');
  const a = () => table.resolve(op.a);
  const b = () => table.resolve(op.b);
  switch (op.op) {
    case 'merge':
      return capture(() => merge(a(), b()));
    case 'subtract':
      return capture(() => subtract(a(), b()));
    case 'multiply':
      return capture(() => multiply(a(), Number(op.k)));
    case 'allFieldsNoLessThan':
      return capture(() => allFieldsNoLessThan(a(), b()));
    case 'isMatching':
      return capture(() => isMatching(a(), b(), exactMatching));
    case 'getTotalMemory':
      return capture(() => getTotalMemory(a()));
    case 'getOperatorsMemory':
      return capture(() => getOperatorsMemory(a()));
    default:
      throw new CaseError(`unknown resource operation '${String(op.op)}'`);
  }
}

function matches(actual: Outcome, expected: unknown, where: string): boolean {
  if (typeof expected === 'boolean') return actual === expected;
  if (typeof expected === 'object' && expected !== null && 'error' in expected) {
    checkKeys(expected as Record<string, unknown>, ['error'], where);
    return typeof actual === 'object' && 'error' in actual && actual.error.includes(String((expected as { error: unknown }).error));
  }
  if (typeof actual === 'bigint') return actual === memory(expected, where);
  if (typeof actual !== 'object' || 'error' in actual) return false;
  return profilesEqual(actual, profileFromMap(expected, where));
}

function show(x: Outcome): string {
  return JSON.stringify(x, (_, v) => (typeof v === 'bigint' ? String(v) : v instanceof Map ? Object.fromEntries(v) : v));
}

export function runResourceProfile(c: ConformanceCase, version: string): string[] {
  checkKeys(c.input, ['profiles', 'resourceOps'], 'input');
  checkKeys(c.expect, ['results'], 'expect');
  const table = new ProfileTable(c.input.profiles as Record<string, unknown>);
  const ops = (c.input.resourceOps ?? []) as Array<Record<string, unknown>>;
  const expected = (c.expect.results ?? []) as unknown[];
  if (ops.length !== expected.length) throw new CaseError(`${ops.length} resourceOps but ${expected.length} results`);
  const exact = atLeast(parseFlinkVersion(version)!, 1, 13);
  const failures: string[] = [];
  ops.forEach((op, i) => {
    const actual = runOp(op, table, exact);
    if (!matches(actual, expected[i], `expect.results[${i}]`)) {
      failures.push(
        `resourceOps[${i}] ${String(op.op)}(${String(op.a)}, ${String(op.b ?? op.k)}): expected ${JSON.stringify(expected[i])}, got ${show(actual)}`,
      );
    }
  });
  return failures;
}

export function runProfileMatching(c: ConformanceCase, version: string): string[] {
  checkKeys(c.input, ['profiles', 'checks'], 'input');
  checkKeys(c.expect, ['seeChecks'], 'expect');
  const table = new ProfileTable(c.input.profiles as Record<string, unknown>);
  const exact = atLeast(parseFlinkVersion(version)!, 1, 13);
  const failures: string[] = [];
  ((c.input.checks ?? []) as Array<Record<string, unknown>>).forEach((check, i) => {
    checkKeys(check, ['slot', 'required', 'isMatching', 'allFieldsNoLessThan'], `input.checks[${i}]`);
    const slot = () => table.resolve(check.slot);
    const required = () => table.resolve(check.required);
    for (const key of ['isMatching', 'allFieldsNoLessThan'] as const) {
      if (!(key in check)) continue;
      const actual = capture(() =>
        key === 'isMatching' ? isMatching(slot(), required(), exact) : allFieldsNoLessThan(slot(), required()),
      );
      const want = check[key] === 'error' ? { error: '' } : check[key];
      if (!matches(actual, want, `input.checks[${i}].${key}`)) {
        failures.push(
          `checks[${i}] ${key}(${String(check.slot)}, ${String(check.required)}): expected ${JSON.stringify(check[key])}, got ${show(actual)}`,
        );
      }
    }
  });
  return failures;
}
