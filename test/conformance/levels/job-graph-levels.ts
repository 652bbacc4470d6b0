/**
 * Levels computed from a JobGraph: `logical-regions`, `jobgraph-slot-sharing`, `managed-memory`.
 * The case's `input.jobGraph` is read exactly as a user's JobGraph file is; `variants` re-run the
 * case with other result partition types; `managedMemoryConfig` joins the job options.
 */
import { type JobAnalysis, analyzeJob } from '../../../src/plan/analyze-job.js';
import { DEFAULT_SLOT_SHARING_GROUP } from '../../../src/model/job-graph.js';
import { profilesEqual } from '../../../src/model/resource-profile.js';
import { jobGraphFromData } from '../../../src/parse/parse-job-graph.js';
import { CaseError, type ConformanceCase, Rejection, accepted, checkKeys } from '../case-file.js';
import { decimalSumAtMostOne, sameMultiset, sameNumber, sameSets } from '../compare.js';
import { profileFromMap } from '../profiles.js';

const INPUT_KEYS = ['jobGraph', 'variants', 'parallelismIllustrative', 'managedMemoryConfig'];
const EXPECT_KEYS = [
  'regions',
  'regionSizes',
  'slotSharingGroups',
  'slotSharingGroupProfiles',
  'numJobVertices',
  'fractionsOfUseCase',
  'fractionsOfSlot',
  'legacyFraction',
  'sumOfDefaultGroupAtMostOne',
  'tolerance',
];

function analyse(jobGraph: Record<string, unknown>): JobAnalysis {
  return accepted(analyzeJob(accepted(jobGraphFromData(jobGraph))));
}

function buildJobGraph(
  c: ConformanceCase,
  version: string,
  variant: string | undefined,
  first: string | undefined,
): Record<string, unknown> {
  const jobGraph = structuredClone(c.input.jobGraph) as Record<string, unknown>;
  if (typeof jobGraph !== 'object' || jobGraph === null) throw new CaseError('input.jobGraph is missing');
  jobGraph.flinkVersion ??= version;
  if (c.input.managedMemoryConfig !== undefined) {
    jobGraph.managedMemoryConfig = { ...(jobGraph.managedMemoryConfig as object), ...(c.input.managedMemoryConfig as object) };
  }
  if (variant !== undefined) {
    for (const edge of (jobGraph.edges ?? []) as Array<Record<string, unknown>>) {
      if (edge.resultPartitionType === first) edge.resultPartitionType = variant;
    }
  }
  return jobGraph;
}

export function runJobGraphLevel(c: ConformanceCase, version: string): string[] {
  checkKeys(c.input, INPUT_KEYS, 'input');
  checkKeys(c.expect, EXPECT_KEYS, 'expect');
  const variants = c.input.variants as string[] | undefined;
  if (variants === undefined) return checkAnalysis(c, analyse(buildJobGraph(c, version, undefined, undefined)));
  return eachVariant(variants, (variant) => checkAnalysis(c, analyse(buildJobGraph(c, version, variant, variants[0]))));
}

/**
 * Runs every variant. When all are refused, one Rejection with a part per variant (an expected
 * error must hold for each); otherwise the failures of each variant, a refusal being one of them.
 */
function eachVariant(variants: readonly string[], run: (variant: string) => string[]): string[] {
  const outcomes = variants.map((variant) => {
    try {
      return { variant, failures: run(variant) };
    } catch (e) {
      if (!(e instanceof Rejection)) throw e;
      return { variant, rejection: e };
    }
  });
  const rejections = outcomes.flatMap((o) => (o.rejection ? [o.rejection] : []));
  if (rejections.length === outcomes.length) throw new Rejection(rejections.flatMap((r) => r.parts));
  return outcomes.flatMap((o) =>
    (o.rejection ? [`unexpected error: ${o.rejection.message}`] : o.failures).map((f) => `[variant ${o.variant}] ${f}`),
  );
}

function checkAnalysis(c: ConformanceCase, a: JobAnalysis): string[] {
  const e = c.expect;
  const failures: string[] = [];
  const check = (ok: boolean, message: () => string) => {
    if (!ok) failures.push(message());
  };
  const ids = (vs: readonly number[]) => vs.map((v) => a.graph.vertices[v]!.id);
  if (e.regions !== undefined) {
    const actual = a.regions.regions.map(ids);
    check(sameSets(actual, e.regions as string[][]), () => `regions: expected ${JSON.stringify(e.regions)}, got ${JSON.stringify(actual)}`);
  }
  if (e.regionSizes !== undefined) {
    const actual = a.regions.regions.map((r) => r.length);
    check(
      sameMultiset(actual, e.regionSizes as number[]),
      () => `regionSizes: expected ${JSON.stringify(e.regionSizes)}, got ${JSON.stringify(actual)}`,
    );
  }
  if (e.numJobVertices !== undefined)
    check(a.graph.vertices.length === e.numJobVertices, () => `numJobVertices: got ${a.graph.vertices.length}`);
  failures.push(...checkGroups(c, a), ...checkFractions(c, a));
  return failures;
}

/** Groups compare as a partition; user-given names must also label the same vertices. */
function checkGroups(c: ConformanceCase, a: JobAnalysis): string[] {
  const expected = c.expect.slotSharingGroups as Record<string, string[]> | undefined;
  const profiles = c.expect.slotSharingGroupProfiles as Record<string, unknown> | undefined;
  if (expected === undefined && profiles === undefined) return [];
  const actual = a.slotSharing.groups.map((g) => ({
    id: g.id,
    name: g.name,
    members: g.vertices.map((v) => a.graph.vertices[v]!.id),
    profile: g.groupProfile,
  }));
  const failures: string[] = [];
  const userNames = new Set(a.graph.vertices.map((v) => v.slotSharingGroup).filter((n) => n !== DEFAULT_SLOT_SHARING_GROUP));
  if (expected !== undefined) {
    if (
      !sameSets(
        actual.map((g) => g.members),
        Object.values(expected),
      )
    ) {
      failures.push(
        `slotSharingGroups: expected ${JSON.stringify(expected)}, got ${JSON.stringify(Object.fromEntries(actual.map((g) => [g.id, g.members])))}`,
      );
    }
    for (const [label, members] of Object.entries(expected)) {
      if (!userNames.has(label)) continue;
      const named = actual.find((g) => g.name === label);
      if (named === undefined || !sameSets([named.members], [members]))
        failures.push(`slotSharingGroups: group '${label}' should hold ${JSON.stringify(members)}`);
    }
  }
  for (const [label, want] of Object.entries(profiles ?? {})) {
    const members = expected?.[label];
    const group = members === undefined ? actual.find((g) => g.name === label) : actual.find((g) => sameSets([g.members], [members]));
    if (group === undefined) throw new CaseError(`slotSharingGroupProfiles: no group labelled '${label}'`);
    if (!profilesEqual(group.profile, profileFromMap(want, `expect.slotSharingGroupProfiles.${label}`))) {
      failures.push(`slotSharingGroupProfiles: group '${label}' profile differs from ${JSON.stringify(want)}`);
    }
  }
  return failures;
}

function checkFractions(c: ConformanceCase, a: JobAnalysis): string[] {
  const e = c.expect;
  const tolerance = e.tolerance as number | undefined;
  const failures: string[] = [];
  const mm = a.managedMemory;
  const byOperator = new Map(mm.operators.map((o) => [o.operator.id, o]));
  const find = (id: string) => {
    const found = byOperator.get(id);
    if (found === undefined) throw new CaseError(`no operator '${id}' in the job`);
    return found;
  };
  for (const key of ['fractionsOfUseCase', 'fractionsOfSlot'] as const) {
    if (e[key] === undefined) continue;
    if (mm.model !== 'use-cases') return [`${key}: the job's Flink version uses the legacy single-fraction model`];
    for (const [opId, want] of Object.entries(e[key] as Record<string, Record<string, unknown>>)) {
      const actual = (find(opId) as { fractionsOfUseCase: ReadonlyMap<string, number>; fractionsOfSlot: ReadonlyMap<string, number> })[key];
      if (key === 'fractionsOfUseCase' && JSON.stringify([...actual.keys()].sort()) !== JSON.stringify(Object.keys(want).sort())) {
        failures.push(`${key}.${opId}: use cases expected ${JSON.stringify(Object.keys(want))}, got ${JSON.stringify([...actual.keys()])}`);
      }
      for (const [uc, value] of Object.entries(want)) {
        const got = actual.get(uc);
        if (got === undefined || !sameNumber(got, value, tolerance))
          failures.push(`${key}.${opId}.${uc}: expected ${String(value)}, got ${got}`);
      }
    }
  }
  if (e.legacyFraction !== undefined) {
    if (mm.model !== 'legacy') return [...failures, "legacyFraction: the job's Flink version uses the use-case model"];
    for (const [opId, want] of Object.entries(e.legacyFraction as Record<string, unknown>)) {
      const got = (find(opId) as { legacyFraction: number }).legacyFraction;
      if (!sameNumber(got, want, tolerance)) failures.push(`legacyFraction.${opId}: expected ${String(want)}, got ${got}`);
    }
  }
  if (e.sumOfDefaultGroupAtMostOne !== undefined) failures.push(...checkDefaultGroupSum(a, e.sumOfDefaultGroupAtMostOne === true));
  return failures;
}

function checkDefaultGroupSum(a: JobAnalysis, want: boolean): string[] {
  const inDefault = (group: number) => a.slotSharing.groups[group]!.name === DEFAULT_SLOT_SHARING_GROUP;
  const mm = a.managedMemory;
  const sums: number[][] =
    mm.model === 'legacy'
      ? [mm.operators.filter((o) => inDefault(o.group)).map((o) => o.legacyFraction)]
      : ['OPERATOR', 'STATE_BACKEND', 'PYTHON'].map((uc) =>
          mm.operators.filter((o) => inDefault(o.group)).map((o) => o.fractionsOfSlot.get(uc as 'OPERATOR') ?? 0),
        );
  const holds = sums.every(decimalSumAtMostOne);
  return holds === want ? [] : [`sumOfDefaultGroupAtMostOne: expected ${want}, got ${holds}`];
}
