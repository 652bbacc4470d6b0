/** The fine-grained SlotManager's "Matching resource requirements" block, in every form it reaches a log (issue 28 §1). */
import { describe, expect, it } from 'vitest';
import { decimalFromString } from '../../../../../src/model/decimal.js';
import { UNKNOWN, specified } from '../../../../../src/model/resource-profile.js';
import { readLogRecords } from '../../../../../src/parse/log/log-records.js';
import { readLogFacts } from '../../../../../src/parse/log/facts/read-facts.js';
import { SLOT_MANAGER_PACKAGE as SM, bare, factsOf, log2 } from '../../../../support/log-facts.js';

const MB = 1024n * 1024n;
const JOB = '045c630d3f4ef49bcdde0c0dc4a34781';

const PROFILE_1 =
  'ResourceProfile{cpuCores=1, taskHeapMemory=384.000mb (402653174 bytes), taskOffHeapMemory=0 bytes, managedMemory=512.000mb (536870920 bytes), networkMemory=128.000mb (134217730 bytes)}';
const PROFILE_HALF =
  'ResourceProfile{cpuCores=0.5, taskHeapMemory=192.000mb (201326592 bytes), taskOffHeapMemory=0 bytes, managedMemory=256.000mb (268435456 bytes), networkMemory=64.000mb (67108864 bytes)}';
const P1 = specified({
  cpuCores: decimalFromString('1'),
  taskHeapMemory: 402653174n,
  managedMemory: 536870920n,
  networkMemory: 134217730n,
});
const PHALF = specified({
  cpuCores: decimalFromString('0.5'),
  taskHeapMemory: 192n * MB,
  managedMemory: 256n * MB,
  networkMemory: 64n * MB,
});

describe('the fine-grained block (1.18+)', () => {
  const block = [
    log2('INFO', `${SM}FineGrainedSlotManager`, 'Matching resource requirements against available resources.'),
    'Missing resources:',
    `\t Job ${JOB}`,
    '\t\tResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=2}',
    `\t\tResourceRequirement{resourceProfile=${PROFILE_1}, numberOfRequiredSlots=1}`,
    'Current resources:',
    '\tTaskManager 172.19.0.3:35889-20872d',
    `\t\tAvailable: ${PROFILE_HALF}`,
    `\t\tTotal:     ${PROFILE_1}`,
    '\tTaskManager tm-2',
    `\t\tAvailable: ${PROFILE_1}`,
    `\t\tTotal:     ${PROFILE_1}`,
  ];
  const expected = [
    {
      kind: 'resourcesMissing',
      missing: [
        {
          job: JOB,
          requirements: [
            { profile: UNKNOWN, count: 2 },
            { profile: P1, count: 1 },
          ],
        },
      ],
      taskManagers: [
        { taskManager: '172.19.0.3:35889-20872d', available: PHALF, total: P1 },
        { taskManager: 'tm-2', available: P1, total: P1 },
      ],
    },
    { kind: 'taskManagerResources', taskManager: '172.19.0.3:35889-20872d', available: PHALF, total: P1 },
    { kind: 'taskManagerResources', taskManager: 'tm-2', available: P1, total: P1 },
  ];

  function blockFacts(text: string) {
    return bare(factsOf(text).filter((f) => f.kind === 'resourcesMissing' || f.kind === 'taskManagerResources'));
  }

  it('reads the one multi-line record', () => {
    expect(blockFacts(block.join('\n'))).toEqual(expected);
  });

  it('reads it with spaces for tabs (a paste, fixture 16)', () => {
    expect(blockFacts(block.map((l) => l.replaceAll('\t', '        ')).join('\n'))).toEqual(expected);
  });

  it('reads it logged one record per line (the first version of FLINK-32168, fixture 03)', () => {
    const perLine = block.map((l, i) => (i === 0 ? l : log2('INFO', `${SM}FineGrainedSlotManager`, l)));
    const facts = factsOf(perLine.join('\n'));
    expect(bare(facts.filter((f) => f.kind === 'resourcesMissing' || f.kind === 'taskManagerResources'))).toEqual(expected);
    expect(facts.find((f) => f.kind === 'resourcesMissing')?.at.line).toBe(1);
  });

  it('counts each line of a joined block as a record read and recognised', () => {
    const perLine = block.map((l, i) => (i === 0 ? l : log2('INFO', `${SM}FineGrainedSlotManager`, l)));
    const other = log2('INFO', 'org.apache.flink.runtime.jobmaster.JobMaster', 'Something else.');
    const read = readLogRecords([...perLine, other].join('\n'), 'jobmanager.log');
    if (!read.ok) throw new Error('not read');
    const facts = readLogFacts([read.value]);
    expect([facts.records, facts.recognisedRecords]).toEqual([block.length + 1, block.length]);
  });

  it('leaves a record that only looks like a block line alone (another logger)', () => {
    const lines = [block[0]!, log2('INFO', 'org.apache.flink.runtime.jobmaster.JobMaster', 'Missing resources:')];
    expect(blockFacts(lines.join('\n'))).toEqual([]);
  });

  it('reads it pasted as bare messages, without the prefix', () => {
    expect(blockFacts(['Matching resource requirements against available resources.', ...block.slice(1)].join('\n'))).toEqual(expected);
  });

  it('reads a profile a terminal wrapped onto the next line', () => {
    const wrapped = [...block.slice(0, 7), `\t\tAvailable: ${PROFILE_HALF.slice(0, 60)}`, PROFILE_HALF.slice(60), ...block.slice(8)];
    expect(blockFacts(wrapped.join('\n'))).toEqual(expected);
  });

  it('reads "(none)" as no TaskManager', () => {
    const text = [...block.slice(0, 6), '\t(none)'].join('\n');
    expect(blockFacts(text)).toEqual([{ kind: 'resourcesMissing', missing: expected[0]!.missing, taskManagers: [] }]);
  });

  it('says when the block is cut (an excerpt, a profile that does not read)', () => {
    expect(blockFacts(block.slice(0, 3).join('\n'))).toEqual([
      { kind: 'resourcesMissing', missing: [{ job: JOB, requirements: [] }], taskManagers: [], truncated: true },
    ]);
    const badProfile = [...block.slice(0, 8), '\t\tTotal:     ResourceProfile{cpuCores=1, taskHeapMemory=1.000gb (5 bytes)}'].join('\n');
    expect(blockFacts(badProfile)).toEqual([
      {
        kind: 'resourcesMissing',
        missing: expected[0]!.missing,
        taskManagers: [{ taskManager: '172.19.0.3:35889-20872d', available: PHALF }],
        truncated: true,
      },
      { kind: 'taskManagerResources', taskManager: '172.19.0.3:35889-20872d', available: PHALF },
    ]);
  });

  it('reads the first version\'s "Job {id} requires [...]." line', () => {
    const text = [
      block[0]!,
      'Missing resources:',
      `\tJob ${JOB} requires [ResourceRequirement{resourceProfile=ResourceProfile{UNKNOWN}, numberOfRequiredSlots=1}].`,
      'Current resources:',
      '\t(none)',
    ].join('\n');
    expect(blockFacts(text)).toEqual([
      { kind: 'resourcesMissing', missing: [{ job: JOB, requirements: [{ profile: UNKNOWN, count: 1 }] }], taskManagers: [] },
    ]);
  });

  it('gives no block fact for the header alone (1.14–1.17)', () => {
    const text = [
      log2('INFO', `${SM}FineGrainedSlotManager`, 'Matching resource requirements against available resources.'),
      log2('INFO', `${SM}FineGrainedSlotManager`, `Received resource requirements from job ${JOB}: []`),
    ].join('\n');
    expect(blockFacts(text)).toEqual([]);
  });
});
