// flinkslot's driver (not Flink's code): prints, as JSON lines, what the Flink classes compiled next to
// it compute for a grid of inputs. Flink's classes differ in signature between releases, so they are
// called by reflection, choosing the overload by its parameter count. See README.md.
package org.apache.flink.runtime.io.network.partition.consumer;

import org.apache.flink.runtime.io.network.partition.ResultPartitionType;
import org.apache.flink.runtime.jobgraph.IntermediateDataSetID;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

public final class Driver {
    static final int MAX = Integer.MAX_VALUE;
    public static final int[] SUBS = {1, 2, 4, 10, 64, 99, 100, 101, 102, 511, 512, 612, 613, 1000, 2000};
    public static final int[] CHANNELS = {1, 2, 4, 10, 100, 249, 250, 499, 500, 501, 999, 1000, 1001, 2000};
    static final String PKG = "org.apache.flink.runtime.io.network.partition.consumer";
    static Class<?> utils;

    public static void main(String[] args) throws Exception {
        boolean fixed = args.length > 0 && args[0].equals("fixed");
        List<Integer> tiered = new ArrayList<>();
        if (args.length > 1 && !args[1].isEmpty()) for (String g : args[1].split(",")) tiered.add(Integer.parseInt(g));
        utils = Class.forName("org.apache.flink.runtime.shuffle.NettyShuffleUtils");
        boolean gateSpec = hasClass(PKG + ".InputGateSpecUtils");
        int[] bpcs = fixed ? new int[] {2} : new int[] {0, 1, 2, 4};
        int[] fpgs = fixed ? new int[] {8} : new int[] {1, 8};
        int[] smps = fixed ? new int[] {1} : new int[] {1, 100, MAX};
        int[] smbs = {64, 512};
        edgeLines(fixed);
        for (ResultPartitionType type : ResultPartitionType.values()) {
            for (int bpc : bpcs)
                for (int fpg : fpgs) {
                    for (int smp : smps)
                        for (int smb : smbs)
                            // Below MAX subpartitions a partition is never sort-shuffle: min-buffers is not read.
                            if (smp != MAX || smb == 512) partitionLine(type, bpc, fpg, smp, smb, null);
                    for (Integer g : tiered) partitionLine(type, bpc, fpg, 1, 512, g);
                    List<Integer> rpgs = new ArrayList<>(Collections.singletonList((Integer) null));
                    if (gateSpec) { rpgs.add(1); rpgs.add(500); }
                    for (Integer rpg : rpgs) {
                        gateLine(type, bpc, fpg, rpg, false, gateSpec);
                        if (!tiered.isEmpty()) gateLine(type, bpc, fpg, rpg, true, gateSpec);
                    }
                }
        }
    }

    static final int[] PARALLELISMS = {1, 2, 3, 5, 8, 128, 1000};

    /**
     * One job edge producer(p) → consumer(c), every pair of PARALLELISMS: the buffers each side announces,
     * with the channels and subpartitions EdgeManagerBuildUtil.computeMaxEdgesToTargetExecutionVertex
     * gives (as SsgNetworkMemoryCalculationUtils uses it for a static graph).
     */
    static void edgeLines(boolean fixed) throws Exception {
        Class<?> patterns = Class.forName("org.apache.flink.runtime.jobgraph.DistributionPattern");
        Method maxEdges = method(Class.forName("org.apache.flink.runtime.executiongraph.EdgeManagerBuildUtil"),
                "computeMaxEdgesToTargetExecutionVertex", 3);
        int smp = fixed ? 1 : 100;
        for (ResultPartitionType type : ResultPartitionType.values()) {
            if (type == ResultPartitionType.PIPELINED || type.name().equals("BLOCKING_PERSISTENT")) continue;
            for (Object pattern : patterns.getEnumConstants()) {
                List<String> producers = new ArrayList<>(), consumers = new ArrayList<>();
                List<String> producerAnnounce = new ArrayList<>(), consumerAnnounce = new ArrayList<>();
                for (int p : PARALLELISMS)
                    for (int c : PARALLELISMS) {
                        producers.add(String.valueOf(p));
                        consumers.add(String.valueOf(c));
                        int subs = (Integer) call(maxEdges, p, c, pattern);
                        int channels = (Integer) call(maxEdges, c, p, pattern);
                        IntermediateDataSetID out = new IntermediateDataSetID(), in = new IntermediateDataSetID();
                        producerAnnounce.add(announce(2, 8, smp, 512, Map.of(), Map.of(out, subs), Map.of(out, type), Map.of()));
                        consumerAnnounce.add(announce(2, 8, smp, 512, Map.of(in, channels), Map.of(), Map.of(), Map.of(in, type)));
                    }
                System.out.println("{\"fn\":\"edge\",\"type\":\"" + type + "\",\"distribution\":\"" + pattern
                        + "\",\"bpc\":2,\"fpg\":8,\"smp\":" + smp + ",\"smb\":512,\"producers\":" + producers
                        + ",\"consumers\":" + consumers + ",\"producerAnnounce\":" + producerAnnounce
                        + ",\"consumerAnnounce\":" + consumerAnnounce + "}");
            }
        }
    }

    static boolean hasClass(String name) {
        try { Class.forName(name); return true; } catch (ClassNotFoundException e) { return false; }
    }

    static Method method(Class<?> c, String name, int params) {
        for (Method m : c.getDeclaredMethods())
            if (m.getName().equals(name) && m.getParameterCount() == params) { m.setAccessible(true); return m; }
        return null;
    }

    static Object call(Method m, Object... a) throws Exception {
        try { return m.invoke(null, a); } catch (InvocationTargetException e) { throw (Exception) e.getCause(); }
    }

    static void partitionLine(ResultPartitionType type, int bpc, int fpg, int smp, int smb, Integer g) throws Exception {
        List<String> min = new ArrayList<>(), announce = new ArrayList<>();
        for (int subs : SUBS) {
            Method m6 = method(utils, "getMinMaxNetworkBuffersPerResultPartition", 6);
            Method m8 = method(utils, "getMinMaxNetworkBuffersPerResultPartition", 8);
            Object pair = m8 != null
                    ? call(m8, bpc, fpg, smp, smb, subs, g != null, g == null ? 0 : g, type)
                    : call(m6, bpc, fpg, smp, smb, subs, type);
            min.add(String.valueOf(((org.apache.commons.lang3.tuple.Pair<?, ?>) pair).getLeft()));
            if (g == null) {
                IntermediateDataSetID id = new IntermediateDataSetID();
                announce.add(announce(bpc, fpg, smp, smb, Map.of(), Map.of(id, subs), Map.of(id, type), Map.of()));
            }
        }
        System.out.println("{\"fn\":\"partition\",\"type\":\"" + type + "\",\"bpc\":" + bpc + ",\"fpg\":" + fpg
                + ",\"smp\":" + smp + ",\"smb\":" + smb + ",\"tiered\":" + g + ",\"subs\":" + list(SUBS)
                + ",\"min\":" + min + (g == null ? ",\"announce\":" + announce : "") + "}");
    }

    static void gateLine(ResultPartitionType type, int bpc, int fpg, Integer rpg, boolean tiered, boolean gateSpec) throws Exception {
        List<String> min = new ArrayList<>(), exclusive = new ArrayList<>(), announce = new ArrayList<>();
        for (int c : CHANNELS) {
            if (gateSpec) {
                Class<?> specUtils = Class.forName(PKG + ".InputGateSpecUtils");
                Method m5 = method(specUtils, "createGateBuffersSpec", 5);
                Method m6 = method(specUtils, "createGateBuffersSpec", 6);
                Object spec = m6 != null
                        ? call(m6, Optional.ofNullable(rpg), bpc, fpg, type, c, tiered)
                        : call(m5, Optional.ofNullable(rpg), bpc, fpg, type, c);
                Class<?> specClass = Class.forName(PKG + ".GateBuffersSpec");
                min.add(String.valueOf(method(specClass, "getRequiredFloatingBuffers", 0).invoke(spec)));
                exclusive.add(String.valueOf(method(specClass, "getEffectiveExclusiveBuffersPerChannel", 0).invoke(spec)));
            } else {
                Object pair = call(method(utils, "getMinMaxFloatingBuffersPerInputGate", 1), fpg);
                min.add(String.valueOf(((org.apache.commons.lang3.tuple.Pair<?, ?>) pair).getLeft()));
                exclusive.add(String.valueOf(call(method(utils, "getNetworkBuffersPerInputChannel", 1), bpc)));
            }
            IntermediateDataSetID id = new IntermediateDataSetID();
            announce.add(announce(bpc, fpg, 1, 512, Map.of(id, c), Map.of(), Map.of(), Map.of(id, type), rpg));
        }
        System.out.println("{\"fn\":\"gate\",\"type\":\"" + type + "\",\"bpc\":" + bpc + ",\"fpg\":" + fpg
                + ",\"rpgMax\":" + rpg + ",\"tiered\":" + tiered + ",\"channels\":" + list(CHANNELS)
                + ",\"min\":" + min + ",\"exclusive\":" + exclusive + ",\"announce\":" + announce + "}");
    }

    static String announce(int bpc, int fpg, int smp, int smb, Map<IntermediateDataSetID, Integer> channels,
            Map<IntermediateDataSetID, Integer> subs, Map<IntermediateDataSetID, ResultPartitionType> outTypes,
            Map<IntermediateDataSetID, ResultPartitionType> inTypes) throws Exception {
        return announce(bpc, fpg, smp, smb, channels, subs, outTypes, inTypes, null);
    }

    /** One vertex's announcement: one input gate per entry of channels, one result partition per entry of subs. */
    static String announce(int bpc, int fpg, int smp, int smb, Map<IntermediateDataSetID, Integer> channels,
            Map<IntermediateDataSetID, Integer> subs, Map<IntermediateDataSetID, ResultPartitionType> outTypes,
            Map<IntermediateDataSetID, ResultPartitionType> inTypes, Integer rpg) throws Exception {
        try {
            Method m8 = method(utils, "computeNetworkBuffersForAnnouncing", 8);
            if (m8 != null) {
                int total = 0;
                for (int c : channels.values()) total += c;
                return String.valueOf(call(m8, bpc, fpg, smp, smb, total, channels.size(), subs, outTypes));
            }
            Map<IntermediateDataSetID, Integer> reuse = new HashMap<>();
            for (IntermediateDataSetID id : channels.keySet()) reuse.put(id, 1);
            return String.valueOf(call(method(utils, "computeNetworkBuffersForAnnouncing", 10),
                    bpc, fpg, Optional.ofNullable(rpg), smp, smb, channels, reuse, subs, inTypes, outTypes));
        } catch (IllegalArgumentException e) {
            if (String.valueOf(e.getMessage()).startsWith("Illegal to announce network memory requirement as Integer.MAX_VALUE")) return "null";
            throw e;
        }
    }

    public static String list(int[] values) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) b.append(i == 0 ? "" : ",").append(values[i]);
        return b.append("]").toString();
    }
}
