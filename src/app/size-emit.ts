/**
 * `size --emit` (issue 25 §2): the answer as a file to deploy. Given a base — `--base FILE`, or the
 * `--tm-config` file when it is of the emitted kind — the answer is written into that file
 * (patch-deployment.ts, patch-flink-conf.ts) and the changes are listed; without one, a new file
 * whose placeholders say so (render-deployment-yaml.ts).
 */
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import type { SourceText } from '../model/source-text.js';
import { type FileKind, kindOfText } from '../parse/file-kind.js';
import { patchFlinkConf } from '../report/patch-flink-conf.js';
import { patchFlinkDeployment } from '../report/patch-deployment.js';
import { type EmitFormat, renderDeploymentYaml } from '../report/render-deployment-yaml.js';
import type { SizeReport } from '../report/size-report.js';
import type { EmittedFile } from '../report/render-emit-summary.js';
import { printable } from '../util/printable.js';

const KIND_OF: Record<EmitFormat, FileKind> = { flinkdeployment: 'flink-deployment', 'flink-conf': 'flink-configuration' };
const NAME_OF: Record<EmitFormat, string> = {
  flinkdeployment: 'a FlinkDeployment',
  'flink-conf': 'a Flink configuration (flink-conf.yaml or config.yaml)',
};

/**
 * The base to patch: `--base`, which must be of the emitted kind; else the `--tm-config` file when
 * it is (a flink-conf.yaml sizing a FlinkDeployment is no base for it).
 */
export function emitBase(
  format: EmitFormat,
  base: SourceText | undefined,
  tmConfig: SourceText | undefined,
): Result<SourceText | undefined> {
  if (base !== undefined) {
    const kind = kindOfText(base.text)?.kind;
    // Flink reads any keys: a configuration of keys flinkslot does not know is still one.
    if (kind === KIND_OF[format] || (format === 'flink-conf' && kind === undefined)) return ok(base);
    const what = kind === undefined ? 'not a FlinkDeployment' : `a ${kind.replaceAll('-', ' ')}`;
    return fail([
      error('size/emit-base', `--base ${printable(base.file)} is ${what}: --emit ${format} writes the answer into ${NAME_OF[format]}`, ''),
    ]);
  }
  return ok(tmConfig !== undefined && kindOfText(tmConfig.text)?.kind === KIND_OF[format] ? tmConfig : undefined);
}

export function emitSized(report: SizeReport, format: EmitFormat, base: SourceText | undefined): Result<EmittedFile> {
  const deployment = report.deployment;
  if (deployment === undefined)
    return fail([
      error(
        'size/emit',
        'this shape is given as resources (defaultWorker.totalResources), not as a Flink configuration: give --tm-config a flink-conf.yaml, config.yaml or FlinkDeployment to emit one',
        '',
      ),
    ]);
  if (base === undefined) return ok({ format, text: renderDeploymentYaml(report, deployment, format), changes: [], diff: '', notes: [] });
  const patched =
    format === 'flinkdeployment'
      ? patchFlinkDeployment(base.text, base.file, deployment)
      : patchFlinkConf(base.text, base.file, deployment);
  return patched.ok ? ok({ format, base: base.file, ...patched.value }) : patched;
}
