/** The face of `flinkslot validate` (commands/support/validate-run.ts, validate-files.ts): files and policies → findings. */
export { type PolicyFile, type ValidatePolicy, memorySize, parsePolicyFile } from '../parse/policy.js';
export {
  FILE_START,
  located,
  type FileResult,
  type Finding,
  type FindingSeverity,
  type ValidationRun,
  summarize as summarizeValidation,
} from '../errors/finding.js';
export { versionOption } from '../app/job-text.js';
export { validateFile } from '../app/validate-file.js';
export {
  type ValidateFlags,
  checkPolicyInputs,
  gatherPolicyInputFindings,
  mergeValidatePolicy,
  resolveFailLevel,
  policyKeyNote,
  resolveMinManagedMemory,
} from '../app/validate-policy.js';
export { type ValidateResult, validateResult } from '../app/results/validate-result.js';
