/**
 * A failure that Flink itself signals with a Java exception (e.g. subtracting an unmatched
 * ResourceProfile). Low-level arithmetic throws it exactly where Flink throws; analyses catch it
 * and turn it into a Diagnostic, so it never reaches the user as a stack trace.
 */
export class FlinkException extends Error {
  constructor(
    readonly errorType: string,
    message: string,
    /** The messages of the exceptions that caused this one, outermost first (Java's cause chain). */
    readonly causes: readonly string[] = [],
  ) {
    super(message);
    this.name = 'FlinkException';
  }

  /** This message and its causes, outermost first. */
  get chain(): string[] {
    return [this.message, ...this.causes];
  }

  /** Wraps this exception as the cause of a new one, as Java code re-throws with context. */
  wrap(errorType: string, message: string): FlinkException {
    return new FlinkException(errorType, message, this.chain);
  }
}

export function checkArgument(condition: boolean, message: string): asserts condition {
  if (!condition) throw new FlinkException('IllegalArgumentException', message);
}
