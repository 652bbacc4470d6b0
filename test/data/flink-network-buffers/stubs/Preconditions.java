// Minimal stand-in (written for flinkslot, not Flink's code): the checks the extracted classes call.
package org.apache.flink.util;

public final class Preconditions {
    private Preconditions() {}

    public static void checkArgument(boolean condition) {
        if (!condition) throw new IllegalArgumentException();
    }

    public static void checkArgument(boolean condition, Object message) {
        if (!condition) throw new IllegalArgumentException(String.valueOf(message));
    }

    public static void checkState(boolean condition) {
        if (!condition) throw new IllegalStateException();
    }

    public static void checkState(boolean condition, Object message) {
        if (!condition) throw new IllegalStateException(String.valueOf(message));
    }

    public static <T> T checkNotNull(T reference) {
        if (reference == null) throw new NullPointerException();
        return reference;
    }
}
