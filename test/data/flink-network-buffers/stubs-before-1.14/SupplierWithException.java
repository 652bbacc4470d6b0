// Minimal stand-in (written for flinkslot).
package org.apache.flink.util.function;

public interface SupplierWithException<R, E extends Throwable> {
    R get() throws E;
}
