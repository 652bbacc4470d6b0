/** Codes of reading a file as a document: syntax, size bounds, schema, kind, Flink version. */
import type { CodeEntry } from './entry.js';

export const INPUT_DOCUMENT_CODES = {
  'input/syntax': {
    severity: 'error',
    title: 'The file is not valid YAML or JSON.',
    meaning: 'The YAML or JSON parser stopped at the line and column shown (a duplicated key is a syntax error too).',
    fix: 'Correct the text at the position shown; `flinkslot validate FILE` lists the problems of several files at once.',
    example: 'error jobs/etl.yaml:7:3 YAML syntax error: missed comma between flow collection entries [input/syntax]',
  },
  'input/empty': {
    severity: 'error',
    title: 'The file holds no document.',
    meaning: 'The file (or stdin) is empty or holds only comments.',
    fix: 'Give the file its content, or check that the right path (or the output of the command piped in) was given.',
    example: 'error jobs/etl.yaml:1:1 the file is empty (no YAML or JSON document) [input/empty]',
  },
  'input/unreadable': {
    severity: 'error',
    title: 'The file could not be read.',
    meaning: 'The path does not exist, is a directory, or cannot be opened (permissions, a loop of symbolic links).',
    fix: 'Check the path and its permissions; `-` reads stdin.',
    example: 'error cannot read jobs/etl.yaml: no such file',
  },
  'input/too-large': {
    severity: 'error',
    title: 'The input is larger than flinkslot reads or simulates.',
    meaning:
      'An input passed one of the bounds that keep flinkslot fast and safe: the bytes of a file, the characters of a YAML document, the values a YAML document expands to through its aliases, or the sizes of a scenario (TaskManagers, jobs, events, slots), its times (`until`, `at`, delays, up to 365 days) and the workers an active ResourceManager would start.',
    fix: 'Give a smaller input: split the file, drop repeated aliases, or simulate fewer TaskManagers, jobs or events.',
    example:
      'error big.yaml:1:1 the document expands to more than 1,000,000 values through its YAML aliases (a YAML bomb?) [input/too-large]',
  },
  'input/too-deep': {
    severity: 'error',
    title: 'The document nests deeper than flinkslot reads.',
    meaning: 'Maps and lists nest deeper than 200 levels; no Flink file does, and reading it could exhaust the stack.',
    fix: 'Flatten the document; a job graph, a configuration or a scenario needs a few levels only.',
    example: 'error deep.json:1:1 the document nests deeper than 200 levels [input/too-deep]',
  },
  'input/schema': {
    severity: 'error',
    title: 'A value does not match the job graph schema (schemas/job-graph.schema.json).',
    meaning: 'A value has the wrong type or is not one of the values the format allows (the file kind’s schema in schemas/).',
    fix: 'Give the value the type or one of the values the message names; quote a flinkVersion ("1.20").',
    example: 'error jobs/etl.yaml:7:18 /vertices/1/parallelism must be integer (/vertices/1/parallelism) [input/schema]',
  },
  'input/unknown-key': {
    severity: ['error', 'warning'],
    title: 'A key the job graph format does not define (a warning; an error with --strict).',
    meaning:
      'A key the format does not define, often a misspelling (the message suggests the nearest key). An error for plan and the other commands; `validate` reports it as a warning unless --strict is given.',
    fix: 'Spell the key as the format defines it (schemas/), or remove it.',
    example:
      "error jobs/etl.yaml:7:5 unknown key 'paralellism' in /vertices/1 — did you mean 'parallelism'? (/vertices/1/paralellism) [input/unknown-key]",
  },
  'input/missing-key': {
    severity: 'error',
    title: 'A required key is missing.',
    meaning: 'The format requires a key the file does not have (a vertex without id or parallelism, a job graph without vertices).',
    fix: 'Add the key the message names.',
    example: "error jobs/etl.yaml:4:5 /vertices/0 is missing the required key 'parallelism' (/vertices/0) [input/missing-key]",
  },
  'input/several-documents': {
    severity: 'error',
    title: 'A Kubernetes manifest holds several documents flinkslot cannot choose from.',
    meaning:
      'flinkslot reads one document per file: the manifest holds several FlinkDeployments, or none that is a FlinkDeployment or a ConfigMap with Flink’s configuration.',
    fix: 'Put each FlinkDeployment in its own file, or give the file that holds the FlinkDeployment or the ConfigMap.',
    example:
      "error k8s/all.yaml:1:1 the file holds 2 FlinkDeployments ('etl', 'reports'): flinkslot reads one, put each in its own file [input/several-documents]",
  },
  'input/wrong-kind': {
    severity: 'error',
    title: 'The file is another kind of input than the command reads.',
    meaning:
      'flinkslot recognised what the file is (a job graph, a Flink configuration, a FlinkDeployment, a cluster, a scenario, a policy) and it is not what this command or flag reads.',
    fix: 'Run the command the message suggests, or give the file to the flag that reads it (--tm-config, --cluster).',
    example:
      'error conf/config.yaml:1:1 this is a Flink configuration, not a job graph; try `flinkslot memory conf/config.yaml` or `flinkslot plan JOB --tm-config conf/config.yaml` [input/wrong-kind]',
  },
  'input/skipped': {
    severity: 'info',
    title: 'validate skipped a file that is not a job graph.',
    meaning:
      '`flinkslot validate` checks job graphs; a file of another kind among them (a configuration, a cluster) is skipped, not failed.',
    fix: 'Nothing, if the file is meant to be there; --exclude leaves it out of a folder.',
    example:
      'note conf/config.yaml:1:1 skipped: it is a Flink configuration, not a job graph; try `flinkslot memory conf/config.yaml` or `flinkslot plan JOB --tm-config conf/config.yaml` [input/skipped]',
  },
  'input/not-a-job-graph': {
    severity: 'error',
    title: 'The file is a cluster (GET /taskmanagers), not a job graph.',
    meaning: 'The file is the answer of GET /taskmanagers (a cluster), given where a job graph is read.',
    fix: 'Give it as --cluster, and a job graph as the argument.',
    example:
      'error taskmanagers.json:1:1 this is the answer of GET /taskmanagers, a cluster, not a job graph (use it as --cluster) [input/not-a-job-graph]',
  },
  'input/not-a-flink-log': {
    severity: 'error',
    title: 'The file given to `flinkslot explain` is not a Flink log.',
    meaning:
      "`flinkslot explain` reads the logs a Flink JobManager or TaskManager writes (log4j layouts, `kubectl logs` output, JSON log lines, pasted excerpts); this file has no line of one: another program's log, a binary file, or an empty one.",
    fix: "Give the JobManager's log (`kubectl logs JOBMANAGER-POD`, `log/flink-*-standalonesession-*.log`, the YARN application master's jobmanager.log), and TaskManager logs beside it.",
    example:
      "error access.log:1:1 this is not a Flink log: no line is written by a Flink logger, names a Flink class (org.apache.flink.…) or has a Flink message's form; `flinkslot explain` reads a JobManager or TaskManager log [input/not-a-flink-log]",
  },
  'input/not-a-flink-file': {
    severity: 'error',
    title: "The JSON file is none of Flink's own files flinkslot imports.",
    meaning:
      "`flinkslot import` reads Flink's StreamGraph or JobGraph plan JSON, the answers of GET /jobs/:jobid and /jobs/:jobid/plan, and GET /taskmanagers; this file is none of them.",
    fix: 'Give one of those files (e.g. `curl http://HOST:8081/jobs/JOBID > job.json`), or read a flinkslot job graph with `plan` directly.',
    example:
      "error dump.json:1:1 not one of Flink's JSON files flinkslot reads (a StreamGraph or JobGraph plan, the answer of GET /jobs/:jobid or /jobs/:jobid/plan, or of GET /taskmanagers) [input/not-a-flink-file]",
  },
  'input/flink-version': {
    severity: 'error',
    title: 'The flinkVersion is not a Flink release flinkslot models.',
    meaning:
      'The Flink version (in the file, a flag or a FlinkDeployment image) is not major.minor, or is older than 1.10, the oldest release flinkslot models.',
    fix: 'Give a release from 1.10 on as major.minor, quoted in YAML ("1.20").',
    example:
      "error jobs/etl.yaml:3:15 flinkVersion '1.9': Flink 1.9 is older than the oldest release flinkslot models (1.10 to 2.2) (/flinkVersion) [input/flink-version]",
  },
  'input/flink-version-newer': {
    severity: 'warning',
    title: 'The Flink version is newer than the newest release flinkslot knows.',
    meaning: 'flinkslot applies the rules of the newest release it knows (2.2) to a newer one; a rule Flink changed since is not modelled.',
    fix: 'Nothing to do if the newer release did not change the rules; otherwise a flinkslot release that knows it.',
    example:
      "warning jobs/etl.yaml:3:15 flinkVersion '2.3': Flink 2.3 is newer than the newest release flinkslot knows (2.2); the rules of 2.2 apply (/flinkVersion) [input/flink-version-newer]",
  },
} as const satisfies Record<string, CodeEntry>;
