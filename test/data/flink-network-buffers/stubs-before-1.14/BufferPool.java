// Minimal stand-in (written for flinkslot): the type the transplanted factories return.
package org.apache.flink.runtime.io.network.buffer;

public interface BufferPool {}
