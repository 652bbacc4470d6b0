/** The FlinkException a call throws; fails the test when it throws nothing or something else. */
import { FlinkException } from '../../src/errors/flink-exception.js';

export function thrown(f: () => unknown): FlinkException {
  try {
    f();
  } catch (e) {
    if (e instanceof FlinkException) return e;
    throw e;
  }
  throw new Error('expected a FlinkException');
}
