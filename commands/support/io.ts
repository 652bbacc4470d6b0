/** Reading inputs for commands: a path, or `-` for standard input. */
import { readFile } from 'node:fs/promises';

export class InputReadError extends Error {}

export async function readInput(path: string): Promise<{ text: string; file: string }> {
  if (path === '-') return { text: await readStdin(), file: '<stdin>' };
  try {
    return { text: await readFile(path, 'utf8'), file: path };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
    throw new InputReadError(`cannot read ${path}: ${reason}`);
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
