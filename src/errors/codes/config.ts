/** Codes of Flink configurations, FlinkDeployments, Kubernetes manifests and the clusters they describe. */
import type { CodeEntry } from './entry.js';

export const CONFIG_CODES = {
  'config/not-a-map': {
    severity: 'error',
    title: 'A Flink configuration that is not a map of keys to values.',
    meaning: 'The file given as a Flink configuration (flink-conf.yaml, config.yaml) is a list or a single value.',
    fix: 'Give a flink-conf.yaml or config.yaml: keys with their values.',
    example: 'error conf/config.yaml:1:1 a Flink configuration must be a map of keys to values [config/not-a-map]',
  },
  'config/line-by-line': {
    severity: 'info',
    title: 'A flink-conf.yaml that is not valid YAML, read line by line as Flink reads it.',
    meaning:
      "Before Flink 1.19's config.yaml, Flink read flink-conf.yaml line by line (GlobalConfiguration.loadYAMLResource), not as YAML; flinkslot does the same for a file YAML refuses.",
    fix: 'Nothing, if the file is a flink-conf.yaml; a config.yaml (Flink 1.19+) must be valid YAML.',
    example:
      'note conf/flink-conf.yaml:1:1 not valid YAML (line 12): read line by line, as Flink reads a flink-conf.yaml (GlobalConfiguration.loadYAMLResource) [config/line-by-line]',
  },
  'config/dynamic-property': {
    severity: 'error',
    title: 'A -D option that is not KEY=VALUE.',
    meaning: 'A dynamic property (-D) needs a key, an equals sign and a value, as Flink’s -D does.',
    fix: 'Write -D taskmanager.memory.process.size=4g.',
    example: "error 'taskmanager.memory.process.size' is not KEY=VALUE [config/dynamic-property]",
  },
  'config/unknown-key': {
    severity: 'warning',
    title: 'A key near one Flink reads, which Flink ignores.',
    meaning:
      'The key is not one Flink reads but is close to one flinkslot reads: probably a misspelling. Flink ignores it, so flinkslot does too.',
    fix: 'Spell the key as the message suggests.',
    example:
      "warning conf/config.yaml:7:33 'taskmanager.memory.proces.size' is not a key Flink reads: ignored, as Flink ignores it; did you mean 'taskmanager.memory.process.size'? (/taskmanager.memory.proces.size) [config/unknown-key]",
  },
  'config/hidden-value': {
    severity: 'warning',
    title: 'A configuration value hidden as Flink shows secrets.',
    meaning: "The value is '******' (the JobManager's REST API and logs hide secrets so); flinkslot reads the key as not set.",
    fix: 'Give the configuration with the real value (the file the cluster was started with).',
    example:
      "warning config.json:1:1 the value of 'taskmanager.memory.process.size' is hidden (******, as Flink shows secrets): read as not set; give the configuration with its value (/taskmanager.memory.process.size) [config/hidden-value]",
  },
  'config/legacy-key': {
    severity: 'info',
    title: 'A deprecated or removed configuration key.',
    meaning:
      'The key is deprecated (Flink reads it as its new key), shadowed by the new key, or no longer read by this release (removed in 2.0, or not read by a TaskManager since 1.10).',
    fix: 'Use the key the message names.',
    example:
      "note conf/flink-conf.yaml:3:1 'taskmanager.network.memory.max' is deprecated: Flink reads it as 'taskmanager.memory.network.max' (/taskmanager.network.memory.max) [config/legacy-key]",
  },
  'config/memory': {
    severity: 'error',
    title: 'The TaskManager memory configuration fails as Flink would fail it (FLIP-49).',
    meaning:
      "Flink's TaskExecutorProcessUtils refuses the configuration: the components do not add up, a size is out of range, or none of the required sizes is given.",
    fix: 'Give a process size (taskmanager.memory.process.size) or a Flink size large enough for the configured components, or lower the components the message names.',
    example:
      'error conf/config.yaml:1:1 TaskManager memory configuration failed: Sum of configured Framework Heap Memory (128.000mb (134217728 bytes)), Framework Off-Heap Memory (128.000mb (134217728 bytes)), Task Off-Heap Memory (0 bytes), Managed Memory (20.800mb (21810381 bytes)) and Network Memory (64.000mb (67108864 bytes)) exceed configured Total Flink Memory (52.000mb (54525952 bytes)). [config/memory]',
  },
  'config/network-option': {
    severity: 'error',
    title: 'A network option a TaskManager refuses at start-up.',
    meaning:
      'A network stack option (segment size, buffers per channel or gate, …) has a value the TaskManager of this release refuses when it starts.',
    fix: 'Give the option a value within the range the message states.',
    example:
      'error -D taskmanager.memory.segment-size=3kb a Flink 1.13 TaskManager refuses to start with taskmanager.memory.segment-size: 3kb: Invalid configuration value for taskmanager.memory.segment-size : 3072 - Minimum memory segment size is 4096 (/taskmanager.memory.segment-size) [config/network-option]',
  },
  'config/network-option-deployment': {
    severity: 'warning',
    title: 'A network option the TaskManager accepts but the tasks fail on at deployment.',
    meaning:
      'Flink before 1.17 starts the TaskManager with buffers per channel or floating buffers per gate below what tasks with inputs need; they then fail at deployment with IllegalArgumentException.',
    fix: 'Raise the option to at least the value the message names.',
    example:
      'warning conf/config.yaml:4:1 Flink 1.15 starts the TaskManager with taskmanager.network.memory.floating-buffers-per-gate: 0, but every task with an input fails at deployment: IllegalArgumentException: … (/taskmanager.network.memory.floating-buffers-per-gate) [config/network-option-deployment]',
  },
  'config/other-target': {
    severity: 'info',
    title: 'A key read only on another deployment target.',
    meaning:
      'The key is read only when TaskManagers run on Kubernetes or YARN; the configuration names another deployment target, so Flink ignores it.',
    fix: 'Set execution.target (or memory --target) if the TaskManagers do run there; otherwise drop the key.',
    example:
      "note conf/config.yaml:3:1 'kubernetes.taskmanager.cpu.amount' is read only when TaskManagers run on Kubernetes; the deployment target here is standalone (no execution.target), so it is ignored: set execution.target: kubernetes-session (or kubernetes-application), or give memory --target kubernetes (/kubernetes.taskmanager.cpu.amount) [config/other-target]",
  },
  'configuration/cluster': {
    severity: 'info',
    title: 'How a Flink configuration was read as a cluster.',
    meaning:
      'A configuration given as --cluster describes TaskManagers but not how many run: flinkslot says what it assumed from execution.target.',
    fix: 'Give a cluster file with taskManagers[].count if the cluster is standalone with more than one TaskManager.',
    example:
      'note a standalone cluster (no execution.target naming Kubernetes or YARN) runs the TaskManagers its conf/workers file lists, which a configuration does not say: simulated with one, as the default conf/workers (localhost) starts; give a cluster file with taskManagers[].count for more [configuration/cluster]',
  },
  'tm-config/state-backend': {
    severity: ['warning', 'info'],
    title: 'A state backend this Flink release cannot load.',
    meaning:
      'forst before Flink 2.0 (a warning: Flink looks for a factory class of that name and fails), or a custom factory class (a note: assumed to use managed memory, as Flink assumes when it cannot decide).',
    fix: 'Use a state backend of the release (hashmap, rocksdb; forst from 2.0).',
    example:
      'warning conf/config.yaml:2:1 state.backend.type: forst is a state backend of Flink 2.0 and later; Flink 1.20 looks for a factory class of that name and fails (/state.backend.type) [tm-config/state-backend]',
  },
  'deployment/read': {
    severity: 'info',
    title: 'A FlinkDeployment read as a TaskManager configuration.',
    meaning:
      "The Kubernetes operator's FlinkDeployment: its flinkConfiguration with the TaskManager spec (resource, replicas) on top, as the operator builds it.",
    fix: 'Nothing.',
    example:
      'note deploy.yaml:1:1 read as a FlinkDeployment (Kubernetes operator): its flinkConfiguration with the TaskManager spec on top [deployment/read]',
  },
  'deployment/memory': {
    severity: ['info', 'error'],
    title: "A FlinkDeployment's TaskManager memory.",
    meaning:
      'taskManager.resource.memory becomes taskmanager.memory.process.size (a note); a value that is neither a Flink memory size nor a Kubernetes quantity is an error.',
    fix: 'Write the memory as 2048m or 2Gi.',
    example:
      "error deploy.yaml:12:15 taskManager.resource.memory '2 gigs' is neither a Flink memory size nor a Kubernetes quantity (/spec/taskManager/resource/memory) [deployment/memory]",
  },
  'deployment/cpu': {
    severity: ['error', 'warning', 'info'],
    title: "A FlinkDeployment's TaskManager CPU.",
    meaning:
      'taskManager.resource.cpu must be a number (the CRD declares one: an error); a pod CPU request the operator skips is a warning; in standalone mode the CPU is the pod request while the TaskManager counts its slots (a note).',
    fix: 'Give the CPU as a number (2, 0.5).',
    example:
      "error deploy.yaml:13:12 taskManager.resource.cpu 'two' is not a number (the FlinkDeployment CRD declares a number: Kubernetes refuses the resource) (/spec/taskManager/resource/cpu) [deployment/cpu]",
  },
  'deployment/limit-factor': {
    severity: 'info',
    title: "A FlinkDeployment's limit / request ratio, as the operator sets it.",
    meaning: 'taskManager.resources limits over requests become the operator’s limit-factor keys.',
    fix: 'Nothing.',
    example:
      'note deploy.yaml:20:9 taskManager.resources limits.memory / requests.memory → kubernetes.taskmanager.memory.limit-factor 1.5 (/spec/taskManager/podTemplate/spec/containers/0/resources/limits/memory) [deployment/limit-factor]',
  },
  'deployment/flink-version': {
    severity: 'error',
    title: 'spec.flinkVersion is not an operator version.',
    meaning: 'The Kubernetes operator names Flink releases v1_15 … v2_2; another value is refused.',
    fix: 'Write spec.flinkVersion as v1_20 (or the release you run).',
    example:
      "error deploy.yaml:6:17 spec.flinkVersion '1.20' is not an operator version (v1_15 … v2_2) (/spec/flinkVersion) [deployment/flink-version]",
  },
  'deployment/image-version': {
    severity: ['info', 'warning'],
    title: "The Flink release of a FlinkDeployment's image.",
    meaning:
      "An official image's tag names the Flink release, and its rules apply: a note without spec.flinkVersion, a warning when spec.flinkVersion names another release.",
    fix: 'Make spec.flinkVersion and the image agree.',
    example:
      "warning deploy.yaml:5:10 the image flink:1.18 runs Flink 1.18 (spec.flinkVersion says v1_20): 1.18's rules apply (/spec/image) [deployment/image-version]",
  },
  'deployment/cluster': {
    severity: 'info',
    title: 'How a FlinkDeployment was read as a cluster.',
    meaning:
      "mode native: Flink's Kubernetes ResourceManager starts TaskManagers as the jobs need slots; mode standalone: the operator runs replicas TaskManagers.",
    fix: 'Nothing.',
    example: 'note mode standalone: the operator runs 3 TaskManager(s) (taskManager.replicas) [deployment/cluster]',
  },
  'manifest/config-map': {
    severity: 'info',
    title: "A ConfigMap's Flink configuration, read for the TaskManagers.",
    meaning: "A standalone Kubernetes manifest: the ConfigMap's config.yaml or flink-conf.yaml is the TaskManagers' configuration.",
    fix: 'Nothing.',
    example:
      "note k8s/flink.yaml:1:1 read the ConfigMap's config.yaml as the TaskManagers' configuration (/data/config.yaml) [manifest/config-map]",
  },
  'manifest/config-yaml': {
    severity: 'error',
    title: "A ConfigMap's config.yaml that cannot be read.",
    meaning: 'The config.yaml inside the ConfigMap is not YAML, or not a Flink configuration.',
    fix: "Correct the ConfigMap's config.yaml (the message quotes the parser).",
    example:
      "error k8s/flink.yaml:9:5 the ConfigMap's config.yaml is not YAML: missed comma between flow collection entries (/data/config.yaml) [manifest/config-yaml]",
  },
  'manifest/task-managers': {
    severity: 'info',
    title: 'The TaskManagers of a standalone Kubernetes manifest.',
    meaning: 'The Deployment or StatefulSet running `taskmanager`, with its replicas.',
    fix: 'Nothing.',
    example: 'note flink-taskmanager: 2 TaskManager(s), image flink:1.18 [manifest/task-managers]',
  },
  'manifest/no-task-managers': {
    severity: 'error',
    title: 'A manifest with Flink’s configuration but no TaskManagers.',
    meaning: 'The manifest has no Deployment or StatefulSet whose container runs `taskmanager`: flinkslot cannot tell how many run.',
    fix: 'Give the manifest with the TaskManager Deployment or StatefulSet, or a cluster file.',
    example:
      "error k8s/flink.yaml:1:1 the manifest has Flink's configuration but no TaskManager Deployment or StatefulSet (a container running `taskmanager`): flinkslot cannot tell how many TaskManagers run [manifest/no-task-managers]",
  },
  'manifest/memory-limit': {
    severity: ['warning', 'info'],
    title: "Flink's process size against the container's memory limit.",
    meaning:
      'A process size above the container limit gets the TaskManager killed by Kubernetes when it uses it all (a warning); a limit above the process size is left unused (a note).',
    fix: 'Make taskmanager.memory.process.size equal to the container’s memory limit.',
    example:
      "warning taskmanager.memory.process.size (4096 MiB) exceeds the container's memory limit (2048 MiB): Kubernetes kills a TaskManager that uses it all [manifest/memory-limit]",
  },
  'manifest/memory-request': {
    severity: 'info',
    title: "The container's memory request is below Flink's process size.",
    meaning: 'Kubernetes schedules the pod for less memory than the TaskManager will use.',
    fix: 'Request the process size.',
    example: 'note the container requests 1024 MiB, less than the 2048 MiB Flink will use [manifest/memory-request]',
  },
  'manifest/cpu-limit': {
    severity: 'info',
    title: "The container's CPU limit is below the CPU Flink declares.",
    meaning: 'In standalone mode slot CPU is bookkeeping; the container limit throttles the tasks.',
    fix: 'Raise the container’s CPU limit, or lower taskmanager.cpu.cores.',
    example:
      'note Flink declares 4 CPU per TaskManager but the container is limited to 2: in standalone mode slot CPU is bookkeeping, the limit throttles the tasks [manifest/cpu-limit]',
  },
  'manifest/cluster': {
    severity: 'info',
    title: 'How a standalone Kubernetes manifest was read as a cluster.',
    meaning: 'The replicas of the TaskManager Deployment are the cluster; Flink starts no others.',
    fix: 'Nothing.',
    example: 'note standalone on Kubernetes: 2 TaskManager(s) of flink-taskmanager; Flink starts no others [manifest/cluster]',
  },
} as const satisfies Record<string, CodeEntry>;
