// Minimal stand-in (written for flinkslot): an identity key for the maps the announcement reads.
package org.apache.flink.runtime.jobgraph;

public final class IntermediateDataSetID {}
