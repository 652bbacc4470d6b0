// Minimal stand-in (written for flinkslot): a marker annotation.
package org.apache.flink.annotation;

public @interface VisibleForTesting {}
