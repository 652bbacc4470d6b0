// Minimal stand-in (written for flinkslot).
package org.apache.flink.util.function;

public interface FunctionWithException<T, R, E extends Throwable> {
    R apply(T value) throws E;
}
