/**
 * A text and the name it is reported under: what the shell read from a file or standard input.
 * Every use case takes its inputs in this one shape; the core never opens a file itself.
 */
export interface SourceText {
  readonly text: string;
  readonly file: string;
}
