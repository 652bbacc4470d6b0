// Minimal stand-in (written for flinkslot): only the constant the extracted classes read; its value
// is Flink's (NetworkBufferPool.UNBOUNDED_POOL_SIZE = Integer.MAX_VALUE in 1.15 - 2.1).
package org.apache.flink.runtime.io.network.buffer;

public final class NetworkBufferPool {
    public static final int UNBOUNDED_POOL_SIZE = Integer.MAX_VALUE;
}
