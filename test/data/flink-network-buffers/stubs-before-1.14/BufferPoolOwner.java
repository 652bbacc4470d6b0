// Minimal stand-in (written for flinkslot): 1.10-1.11 pass an owner to back-pressure-free pools.
package org.apache.flink.runtime.io.network.buffer;

public interface BufferPoolOwner {}
