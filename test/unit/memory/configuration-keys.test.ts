/**
 * A configuration's keys flinkslot does not model (src/memory/configuration-keys.ts): ignored as
 * Flink ignores them, except a near miss of a key that matters (a warning with the key) and a
 * key that matters whose value Flink hid as "******" (read as not set, with a warning).
 */
import { describe, expect, it } from 'vitest';
import { checkConfigurationKeys, KEYS_THAT_MATTER } from '../../../src/memory/configuration-keys.js';
import { readConfigurationText } from '../../../src/memory/parse-flink-configuration.js';
import { memoryFromText } from '../../../src/index.js';

const conf = (entries: Record<string, string>): Map<string, string> => new Map(Object.entries(entries));

describe('checkConfigurationKeys', () => {
  it("keys Flink has but flinkslot does not model, and a user's own keys, pass without a word", () => {
    const config = conf({
      'my.custom.key': '1',
      'env.java.opts.taskmanager': '-XX:+UseG1GC',
      'metrics.reporter.prom.factory.class': 'org.apache.flink.metrics.prometheus.PrometheusReporterFactory',
      's3.access-key': '******',
      'connector.kafka.bootstrap.servers': 'kafka:9092',
      'jobmanager.memory.process.size': '1600m',
      'kubernetes.jobmanager.cpu': '1',
      // Flink's own keys near those that matter are not typos of them (none of 1,278 keys of 1.14 and 2.2 is warned).
      'kubernetes.jobmanager.cpu.amount': '1',
      'yarn.appmaster.vcores': '1',
      'taskmanager.rpc.port': '6122',
      'taskmanager.network.memory.buffers-per-channel': '2',
      'state.backend.incremental': 'true',
      'execution.runtime-mode': 'STREAMING',
    });
    expect(checkConfigurationKeys(config)).toEqual({ config, notes: [] });
  });

  it("a near miss of a key that matters: 'config/unknown-key', a warning with did you mean", () => {
    const { notes } = checkConfigurationKeys(conf({ 'taskmanager.memory.proces.size': '2g', 'taskmanger.numberOfTaskSlots': '4' }));
    expect(notes.map((n) => [n.code, n.severity, n.message, n.location?.pointer])).toEqual([
      [
        'config/unknown-key',
        'warning',
        "'taskmanager.memory.proces.size' is not a key Flink reads: ignored, as Flink ignores it; did you mean 'taskmanager.memory.process.size'?",
        '/taskmanager.memory.proces.size',
      ],
      [
        'config/unknown-key',
        'warning',
        "'taskmanger.numberOfTaskSlots' is not a key Flink reads: ignored, as Flink ignores it; did you mean 'taskmanager.numberOfTaskSlots'?",
        '/taskmanger.numberOfTaskSlots',
      ],
    ]);
  });

  it("a hidden value of a key that matters: 'config/hidden-value', read as not set", () => {
    const checked = checkConfigurationKeys(conf({ 'taskmanager.memory.process.size': '******', 'taskmanager.numberOfTaskSlots': '2' }));
    expect(checked.config.has('taskmanager.memory.process.size')).toBe(false);
    expect(checked.notes.map((n) => [n.code, n.severity, n.message])).toEqual([
      [
        'config/hidden-value',
        'warning',
        "the value of 'taskmanager.memory.process.size' is hidden (******, as Flink shows secrets): read as not set; give the configuration with its value",
      ],
    ]);
  });

  it('knows the memory options of every release, their deprecated keys and the legacy ones', () => {
    for (const key of [
      'taskmanager.memory.network.max',
      'taskmanager.network.memory.max',
      'taskmanager.heap.size',
      'yarn.containers.vcores',
    ])
      expect(KEYS_THAT_MATTER.has(key)).toBe(true);
  });
});

describe('readConfigurationText: masked values and a saved GET /jobmanager/config', () => {
  it('a file with "******" values is YAML read quietly', () => {
    const read = readConfigurationText('taskmanager.memory.process.size: 4096m\ns3.access-key: ******\ns3.secret-key: ******  # hidden\n');
    expect(read.ok && [read.value.notes, read.value.config.get('s3.access-key'), read.value.config.get('s3.secret-key')]).toEqual([
      [],
      '******',
      '******',
    ]);
  });

  it("a JSON list of {key, value} is the JobManager's configuration", () => {
    const answer = JSON.stringify([
      { key: 'taskmanager.memory.process.size', value: '1728m' },
      { key: 'env.java.opts.all', value: '--add-exports=java.base/sun.net.util=ALL-UNNAMED -Dx=y: z' },
      { key: 's3.secret-key', value: '******' },
    ]);
    const read = readConfigurationText(answer, 'config.json');
    expect(read.ok && [read.value.notes, Object.fromEntries(read.value.config)]).toEqual([
      [],
      {
        'taskmanager.memory.process.size': '1728m',
        'env.java.opts.all': '--add-exports=java.base/sun.net.util=ALL-UNNAMED -Dx=y: z',
        's3.secret-key': '******',
      },
    ]);
    const report = memoryFromText(answer, 'config.json', { flinkVersion: '1.20' });
    expect(report.ok && report.value.components.totalProcess).toBe(1811939328);
  });
});
