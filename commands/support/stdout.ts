/**
 * Standard output that may be closed by its reader: `flinkslot plan big.yaml | head` closes the
 * pipe after ten lines, and the next write fails with EPIPE. That is the reader's choice, not an
 * error: flinkslot stops writing and exits with the code the command decided (0 for a plan), as
 * `git log | head` does without the SIGPIPE death (exit 141) that would fail `set -o pipefail`.
 */
let closed = false;

function isClosedPipe(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

// A failed write also emits 'error' on the stream; without a listener Node would throw it.
process.stdout.on('error', (e) => {
  if (isClosedPipe(e)) closed = true;
});

export function closedStdout(): boolean {
  return closed;
}

export async function writeStdout(text: string): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    process.stdout.write(text, (e) => {
      if (e === null || e === undefined) resolve();
      else if (isClosedPipe(e)) {
        closed = true;
        resolve();
      } else reject(e);
    }),
  );
}
