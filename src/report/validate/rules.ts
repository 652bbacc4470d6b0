/**
 * The rules `validate` reports are the diagnostic codes, described by the catalog
 * (src/errors/codes.ts): SARIF's `tool.driver.rules` take the entry's title as the short
 * description, and its fix as `help` where the entry says so (`sarifHelp`).
 */
import { type DiagnosticCode, codeEntry } from '../../errors/codes.js';

export interface RuleInfo {
  readonly id: DiagnosticCode;
  readonly description: string;
  readonly help?: string;
}

export function ruleInfo(id: DiagnosticCode): RuleInfo {
  const entry = codeEntry(id);
  return { id, description: entry.title, ...(entry.sarifHelp === true ? { help: entry.fix } : {}) };
}
