// Minimal stand-in (written for flinkslot): records the (min, max) of the last pool asked for, under
// each createBufferPool overload the 1.10-1.13 factories call.
package org.apache.flink.runtime.io.network.buffer;

public class BufferPoolFactory {
    public int min = -1;
    public int max = -1;

    public BufferPool createBufferPool(int min, int max) {
        this.min = min;
        this.max = max;
        return null;
    }

    public BufferPool createBufferPool(int min, int max, BufferPoolOwner owner) {
        return createBufferPool(min, max);
    }

    public BufferPool createBufferPool(int min, int max, BufferPoolOwner owner, int subpartitions, int maxPerChannel) {
        return createBufferPool(min, max);
    }

    public BufferPool createBufferPool(int min, int max, int subpartitions, int maxPerChannel) {
        return createBufferPool(min, max);
    }
}
