/**
 * A failure that Flink itself signals with a Java exception (e.g. subtracting an unmatched
 * ResourceProfile). Low-level arithmetic throws it exactly where Flink throws; analyses catch it
 * and turn it into a Diagnostic, so it never reaches the user as a stack trace.
 */
export class FlinkException extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(message);
    this.name = 'FlinkException';
  }
}

export function checkArgument(condition: boolean, message: string): asserts condition {
  if (!condition) throw new FlinkException('IllegalArgumentException', message);
}
