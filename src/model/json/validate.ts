// Generated from schemas/validate.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).

/**
 * This interface was referenced by `ValidateJson`'s JSON-Schema
 * via the `definition` "count".
 */
export type Count = number;
/**
 * This interface was referenced by `ValidateJson`'s JSON-Schema
 * via the `definition` "position".
 */
export type Position = number;

/**
 * The findings of `flinkslot validate PATH...` for every file it read, as printed by `--format json`. Lines and columns are 1-based; endColumn is the column of the first character after the region (SARIF's convention).
 */
export interface ValidateJson {
  schemaVersion: 1;
  tool: {
    name: 'flinkslot';
    version: string;
  };
  /**
   * The least severe finding that fails a file (--fail-level); 'none': no finding does.
   */
  failLevel: 'error' | 'warning' | 'info' | 'none';
  summary: {
    files: Count;
    passed: Count;
    failed: Count;
    skipped: Count;
    errors: Count;
    warnings: Count;
    infos: Count;
  };
  /**
   * One entry per file, in the order the files were given.
   */
  files: File[];
}
/**
 * This interface was referenced by `ValidateJson`'s JSON-Schema
 * via the `definition` "file".
 */
export interface File {
  /**
   * The path as given on the command line (or found under a directory given).
   */
  file: string;
  /**
   * true: the file was read and analysed as a job graph; false: it was unreadable, not YAML/JSON, against the schema, or Flink would reject it (a cycle, an unknown vertex, ...), so no policy was checked.
   */
  valid: boolean;
  /**
   * Not a job graph: not checked (see its input/skipped note).
   */
  skipped?: true;
  /**
   * No finding reaches the fail level.
   */
  passed: boolean;
  /**
   * What flinkslot read, when it read the file as a job graph.
   */
  summary?: {
    job?: string;
    minimumSlots?: Count;
    maxParallelism?: Count;
    /**
     * The Flink release whose rules were applied.
     */
    flinkVersion?: string;
    /**
     * file: the file's flinkVersion; option: --flink-version; assumed: the file names none (the newest release flinkslot knows).
     */
    flinkVersionSource?: 'file' | 'option' | 'assumed';
  };
  /**
   * Sorted by line, column and rule.
   */
  findings: Finding[];
}
/**
 * This interface was referenced by `ValidateJson`'s JSON-Schema
 * via the `definition` "finding".
 */
export interface Finding {
  /**
   * A diagnostic code (input/unknown-vertex) or a policy (policy/max-slots).
   */
  rule: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  file: string;
  /**
   * JSON pointer (RFC 6901) into the file; '' = the whole document.
   */
  pointer: string;
  line: Position;
  column: Position;
  endLine: Position;
  endColumn: Position;
  /**
   * The exact sizes the message states in binary units, in bytes (policy/min-managed-memory: managedMemory, minManagedMemory).
   */
  bytes?: {
    [k: string]: string;
  };
}
