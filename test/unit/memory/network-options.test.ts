/**
 * Network options a TaskManager refuses at start-up, per release (docs/research/network-buffers.md §4;
 * flink-runtime/.../taskmanager/NettyShuffleEnvironmentConfiguration.fromConfiguration,
 * .../io/network/buffer/NetworkBufferPool, .../util/ConfigurationParserUtils.getPageSize).
 */
import { describe, expect, it } from 'vitest';
import { checkNetworkOptions } from '../../../src/memory/network-options.js';
import { checkConfigurationKeys } from '../../../src/memory/configuration-keys.js';
import { taskManagerSetup } from '../../../src/memory/memory-from-configuration.js';
import type { FlinkVersion } from '../../../src/model/flink-version.js';

const FPG = 'taskmanager.network.memory.floating-buffers-per-gate';
const BPC = 'taskmanager.network.memory.buffers-per-channel';
const REQUIRED = 'taskmanager.network.memory.read-buffer.required-per-gate.max';
const SEGMENT = 'taskmanager.memory.segment-size';

const v = (text: string): FlinkVersion => {
  const [major, minor] = text.split('.').map(Number);
  return { major: major!, minor: minor! };
};
const check = (version: string, entries: Record<string, string>) => checkNetworkOptions(new Map(Object.entries(entries)), v(version));
const refusalOf = (version: string, entries: Record<string, string>) => check(version, entries).refusal;
const refusedMessage = (version: string, key: string, value: string, flink: string): string =>
  `a Flink ${version} TaskManager refuses to start with ${key}: ${value}: ${flink}`;
const FPG_MESSAGE = `The configured floating buffer should be at least 1, please increase the value of ${FPG}.`;

describe('floating-buffers-per-gate: 0', () => {
  it('1.17 to 1.20 refuse it at start-up, located at the key', () => {
    for (const version of ['1.17', '1.18', '1.19', '1.20']) {
      expect(refusalOf(version, { [FPG]: '0' })).toEqual({
        code: 'config/network-option',
        severity: 'error',
        message: refusedMessage(version, FPG, '0', FPG_MESSAGE),
        location: { pointer: `/${FPG}` },
        flinkErrorType: 'IllegalArgumentException',
      });
    }
  });

  it('1.11 to 1.16 start, and tasks with an input fail at deployment: a warning with LocalBufferPool’s message', () => {
    const r = check('1.16', { [FPG]: '0' });
    expect(r.refusal).toBeUndefined();
    expect(r.notes).toEqual([
      {
        code: 'config/network-option-deployment',
        severity: 'warning',
        message: `Flink 1.16 starts the TaskManager with ${FPG}: 0, but every task with an input fails at deployment: IllegalArgumentException: Maximum number of memory segments (0) should not be smaller than minimum (1). (Flink 1.17 and later refuse the value at start-up); set it to at least 1`,
        location: { pointer: `/${FPG}` },
      },
    ]);
    expect(check('1.11', { [FPG]: '-2' }).notes[0]!.message).toContain(
      'Maximum number of memory segments (-2) should not be smaller than minimum (1).',
    );
  });

  it('1.10 (gate pool minimum 0): "should be larger than 0"', () => {
    expect(check('1.10', { [FPG]: '0' }).notes[0]!.message).toContain(
      'IllegalArgumentException: Maximum number of memory segments (0) should be larger than 0.',
    );
  });

  it('2.0 and later have no such option: ignored, with a note', () => {
    const r = check('2.0', { [FPG]: '0', [BPC]: '-1' });
    expect(r.refusal).toBeUndefined();
    expect(r.notes).toEqual([
      {
        code: 'config/legacy-key',
        severity: 'info',
        message: `'${BPC}' is not read by Flink 2.0 (removed in 2.0): ignored; Flink uses 2`,
        location: { pointer: `/${BPC}` },
      },
      {
        code: 'config/legacy-key',
        severity: 'info',
        message: `'${FPG}' is not read by Flink 2.0 (removed in 2.0): ignored; Flink uses 8`,
        location: { pointer: `/${FPG}` },
      },
    ]);
  });

  it('1 is accepted everywhere', () => {
    for (const version of ['1.10', '1.16', '1.17', '1.20'])
      expect(check(version, { [FPG]: '1' })).toEqual({ refusal: undefined, notes: [] });
  });
});

describe('buffers-per-channel', () => {
  it('1.10 and 1.11: NetworkBufferPool wants more than 0 at start-up', () => {
    for (const version of ['1.10', '1.11'])
      expect(refusalOf(version, { [BPC]: '0' })!.message).toBe(
        refusedMessage(version, BPC, '0', 'The number of required buffers should be larger than 0.'),
      );
  });

  it('1.12 and 1.13 start with 0, and a remote input channel fails at deployment', () => {
    const r = check('1.12', { [BPC]: '0' });
    expect(r.refusal).toBeUndefined();
    expect(r.notes.map((d) => [d.code, d.message])).toEqual([
      [
        'config/network-option-deployment',
        `Flink 1.12 starts the TaskManager with ${BPC}: 0, but a task reading from another TaskManager fails at deployment: IllegalArgumentException: Number of buffers to request must be larger than 0.`,
      ],
    ]);
  });

  it('1.14 to 1.16 accept 0 (no exclusive buffers) and fail a negative value at deployment', () => {
    expect(check('1.14', { [BPC]: '0' })).toEqual({ refusal: undefined, notes: [] });
    expect(check('1.16', { [BPC]: '-1' }).notes[0]!.message).toContain(
      'IllegalArgumentException: Number of buffers to request must be non-negative.',
    );
  });

  it('1.17 to 1.20 refuse a negative value at start-up: "Must be non-negative."', () => {
    expect(refusalOf('1.17', { [BPC]: '-1' })!.message).toBe(refusedMessage('1.17', BPC, '-1', 'Must be non-negative.'));
    expect(check('1.17', { [BPC]: '0' })).toEqual({ refusal: undefined, notes: [] });
  });

  it('Flink checks buffers-per-channel before floating-buffers-per-gate (1.17): the first refusal only', () => {
    expect(refusalOf('1.17', { [FPG]: '0', [BPC]: '-1' })!.location).toEqual({ pointer: `/${BPC}` });
  });
});

describe('read-buffer.required-per-gate.max', () => {
  it('1.17 and later refuse a value below 1 (2.x too)', () => {
    const flink = `At least one buffer is required for each gate, please increase the value of ${REQUIRED}.`;
    for (const version of ['1.17', '2.0', '2.2'])
      expect(refusalOf(version, { [REQUIRED]: '0' })!.message).toBe(refusedMessage(version, REQUIRED, '0', flink));
  });

  it('1.16 has no such option: not read', () => {
    expect(check('1.16', { [REQUIRED]: '0' })).toEqual({ refusal: undefined, notes: [] });
  });
});

describe('values Flink cannot parse, and the segment size', () => {
  it('a value that is not an int: Configuration.getInteger’s message and Java’s cause', () => {
    expect(refusalOf('1.15', { [BPC]: 'two' })!.message).toBe(
      refusedMessage('1.15', BPC, 'two', `Could not parse value 'two' for key '${BPC}'.\n  caused by: For input string: "two"`),
    );
    expect(refusalOf('1.17', { [FPG]: '3000000000' })!.message).toContain(`Could not parse value '3000000000' for key '${FPG}'.`);
  });

  it('segment size: at least 4096 bytes, a power of 2, an int (ConfigurationParserUtils.getPageSize)', () => {
    const invalid = (value: string, why: string): string =>
      refusedMessage('1.19', SEGMENT, value, `Invalid configuration value for ${SEGMENT} : ${why}`);
    expect(refusalOf('1.19', { [SEGMENT]: '2kb' })).toEqual({
      code: 'config/network-option',
      severity: 'error',
      message: invalid('2kb', '2048 - Minimum memory segment size is 4096'),
      location: { pointer: `/${SEGMENT}` },
      flinkErrorType: 'IllegalConfigurationException',
    });
    expect(refusalOf('1.19', { [SEGMENT]: '48kb' })!.message).toBe(invalid('48kb', '49152 - Memory segment size must be a power of 2.'));
    expect(refusalOf('1.10', { [SEGMENT]: '4gb' })!.message).toBe(
      refusedMessage('1.10', SEGMENT, '4gb', 'Cannot downcast long value 4294967296 to integer.'),
    );
    expect(check('1.19', { [SEGMENT]: '64kb' })).toEqual({ refusal: undefined, notes: [] });
  });

  it('the segment size is checked first, as Flink reads it first', () => {
    expect(refusalOf('1.17', { [FPG]: '0', [SEGMENT]: '1kb' })!.location).toEqual({ pointer: `/${SEGMENT}` });
  });
});

describe('taskManagerSetup: every command reading a TaskManager configuration', () => {
  const config = (extra: Record<string, string>) => new Map(Object.entries({ 'taskmanager.memory.process.size': '1728m', ...extra }));

  it('fails with the refusal (1.17) and succeeds with the warning (1.16)', () => {
    const refused = taskManagerSetup(config({ [FPG]: '0' }), v('1.17'));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.diagnostics.map((d) => d.code)).toEqual(['config/network-option']);
    const warned = taskManagerSetup(config({ [FPG]: '0' }), v('1.16'));
    expect(warned.ok && warned.warnings.map((d) => d.code)).toEqual(['config/network-option-deployment']);
  });

  it('a memory error comes first: Flink derives memory before it builds the shuffle environment', () => {
    const r = taskManagerSetup(config({ [FPG]: '0', 'taskmanager.memory.process.size': 'lots' }), v('1.17'));
    expect(!r.ok && r.diagnostics[0]!.code).toBe('config/memory');
  });
});

describe('the network memory in segments must fit an int (calculateNumberOfNetworkBuffers)', () => {
  it('28 TiB of network memory in 4 KiB segments is more than 2^31-1 pages: refused, located at the segment size', () => {
    const config = new Map(
      Object.entries({
        'taskmanager.memory.process.size': '64t',
        'taskmanager.memory.network.fraction': '0.5',
        'taskmanager.memory.network.max': '64t',
        [SEGMENT]: '4kb',
      }),
    );
    const setup = taskManagerSetup(config, v('1.20'));
    expect(setup.ok).toBe(false);
    if (setup.ok) return;
    const [d] = setup.diagnostics;
    expect(d!.message).toMatch(
      /^a Flink 1\.20 TaskManager refuses to start with taskmanager\.memory\.segment-size: 4kb: The given number of memory bytes \(\d+\) corresponds to more than MAX_INT pages\.$/,
    );
    // The same network memory in 32 KiB segments fits.
    config.delete(SEGMENT);
    expect(taskManagerSetup(config, v('1.20')).ok).toBe(true);
  });
});

describe('a near miss of a network option is warned, as of the memory keys', () => {
  it("'floating-buffer-per-gate' is not a key Flink reads", () => {
    const { notes } = checkConfigurationKeys(new Map([['taskmanager.network.memory.floating-buffer-per-gate', '0']]));
    expect(notes.map((d) => d.message)).toEqual([
      `'taskmanager.network.memory.floating-buffer-per-gate' is not a key Flink reads: ignored, as Flink ignores it; did you mean '${FPG}'?`,
    ]);
  });
});
