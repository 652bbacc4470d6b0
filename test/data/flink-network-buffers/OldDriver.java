// flinkslot's driver (not Flink's code) for 1.10-1.13, which have no NettyShuffleUtils: the pools' sizes
// are decided inside ResultPartitionFactory.createBufferPoolFactory and
// SingleInputGateFactory.createBufferPoolFactory. generate.sh transplants those two methods (Flink's
// text, unchanged) into shell classes with the fields they read; this driver calls them and prints the
// minimum of the pool each asks for, as JSON lines. See README.md.
package org.apache.flink.runtime.io.network.partition;

import org.apache.flink.runtime.io.network.buffer.BufferPoolFactory;
import org.apache.flink.runtime.io.network.partition.consumer.Driver;
import org.apache.flink.util.function.FunctionWithException;
import org.apache.flink.util.function.SupplierWithException;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

public final class OldDriver {
    static final int MAX = Integer.MAX_VALUE;

    public static void main(String[] args) throws Throwable {
        for (ResultPartitionType type : ResultPartitionType.values()) {
            for (int smp : new int[] {1, 100, MAX})
                for (int smb : new int[] {64, 512}) if (smp != MAX || smb == 512) partitionLine(type, smp, smb);
            for (int fpg : new int[] {1, 8}) gateLine(type, fpg);
        }
    }


    @SuppressWarnings({"unchecked", "rawtypes"})
    static void run(Object poolFactory) throws Throwable {
        if (poolFactory instanceof SupplierWithException) ((SupplierWithException) poolFactory).get();
        else ((FunctionWithException) poolFactory).apply(null);
    }

    static void partitionLine(ResultPartitionType type, int smp, int smb) throws Throwable {
        List<Integer> min = new ArrayList<>();
        for (int subs : Driver.SUBS) {
            ResultPartitionFactory factory = new ResultPartitionFactory();
            factory.networkBuffersPerChannel = 2;
            factory.floatingNetworkBuffersPerGate = 8;
            factory.sortShuffleMinParallelism = smp;
            factory.sortShuffleMinBuffers = smb;
            Method m = ResultPartitionFactory.class.getDeclaredMethod("createBufferPoolFactory", int.class, ResultPartitionType.class);
            run(m.invoke(factory, subs, type));
            min.add(factory.bufferPoolFactory.min);
        }
        System.out.println("{\"fn\":\"partition\",\"type\":\"" + type + "\",\"bpc\":2,\"fpg\":8,\"smp\":" + smp
                + ",\"smb\":" + smb + ",\"tiered\":null,\"subs\":" + Driver.list(Driver.SUBS) + ",\"min\":" + min + "}");
    }

    static void gateLine(ResultPartitionType type, int fpg) throws Throwable {
        List<Integer> min = new ArrayList<>();
        Class<?> gates = Class.forName("org.apache.flink.runtime.io.network.partition.consumer.SingleInputGateFactory");
        Method m = gates.getDeclaredMethod("createBufferPoolFactory", BufferPoolFactory.class, int.class, int.class, int.class, ResultPartitionType.class);
        m.setAccessible(true);
        for (int c : Driver.CHANNELS) {
            BufferPoolFactory pools = new BufferPoolFactory();
            run(m.invoke(null, pools, 2, fpg, c, type));
            min.add(pools.min);
        }
        System.out.println("{\"fn\":\"gate\",\"type\":\"" + type + "\",\"bpc\":2,\"fpg\":" + fpg
                + ",\"rpgMax\":null,\"tiered\":false,\"channels\":" + Driver.list(Driver.CHANNELS) + ",\"min\":" + min + "}");
    }
}
