#!/usr/bin/env bash
# Regenerates flink-network-buffers.jsonl from Flink's own classes, per release (see README.md).
# Usage: generate.sh <litone01/flink-1.15 git dir> <noorall/flink git dir> [work dir, default /tmp/flink-network-buffers]
# Needs a JDK (javac, java) and git. Flink's sources are extracted and compiled in the work dir only.
set -euo pipefail
OLD=$1 NEW=$2 WORK=${3:-/tmp/flink-network-buffers}
HERE=$(cd "$(dirname "$0")" && pwd)
RT=flink-runtime/src/main/java/org/apache/flink/runtime
CLASSES=(shuffle/NettyShuffleUtils io/network/partition/ResultPartitionType
  io/network/partition/consumer/InputGateSpecUtils io/network/partition/consumer/GateBuffersSpec)
# release | repository | revision | driver mode (fixed: 2.x hard-codes bpc/fpg/min-parallelism;
# before-1.14: no NettyShuffleUtils, the two createBufferPoolFactory methods are transplanted) | tiered guaranteed buffers
RELEASES=(
  "1.10|$OLD|release-1.10.0|before-1.14|"
  "1.11|$OLD|release-1.11.0|before-1.14|"
  "1.12|$OLD|release-1.12.0|before-1.14|"
  "1.13|$OLD|release-1.13.0|before-1.14|"
  "1.14|$OLD|release-1.14.0||"
  "1.15|$OLD|release-1.15.0||"
  "1.16|$OLD|release-1.16.0||"
  "1.17|$NEW|923361a3006^||"
  "1.18|$NEW|fff221fe5d9^||613,614"
  "1.19|$NEW|bf5068ce920^||613,614"
  "1.20|$NEW|352e50e1302^||101,102"
  "2.0|$NEW|c065920c1c9^|fixed|101,102"
  "2.1|$NEW|169180ba4ab^|fixed|101,102"
)
OPTIONS=flink-core/src/main/java/org/apache/flink/configuration/NettyShuffleEnvironmentOptions.java
ENVCONF=$RT/taskmanager/NettyShuffleEnvironmentConfiguration.java
# The default of an option (its defaultValue in NettyShuffleEnvironmentOptions), else - where the option
# is gone (2.x) - the literal NettyShuffleEnvironmentConfiguration.fromConfiguration uses instead.
default_of() { # repo rev key local-variable
  local v
  v=$(git -C "$1" show "$2:$OPTIONS" | grep -A4 "key(\"$3\")" | grep -m1 -o 'defaultValue([^)]*)' | sed 's/defaultValue(\(.*\))/\1/' || true)
  [ -n "$v" ] || v=$(git -C "$1" show "$2:$ENVCONF" | grep -m1 -o "int $4 = [0-9]*;" | sed 's/.* = \([0-9]*\);/\1/')
  [ "$v" = Integer.MAX_VALUE ] && v=2147483647
  echo "${v:-null}" # null: the option does not exist in the release (sort-shuffle before 1.12)
}
# 1.10-1.13: Flink's createBufferPoolFactory methods of ResultPartitionFactory and SingleInputGateFactory,
# unchanged, inside shell classes that have the fields they read (set by OldDriver).
FACTORY='(SupplierWithException|FunctionWithException)<.*> createBufferPoolFactory[(]'
transplant() { # repo rev src
  local p=$3/org/apache/flink/runtime/io/network/partition imports
  mkdir -p "$p/consumer"
  imports='import org.apache.flink.runtime.io.network.buffer.*; import org.apache.flink.util.function.*;
import org.apache.flink.annotation.VisibleForTesting; import java.io.IOException;'
  {
    echo "package org.apache.flink.runtime.io.network.partition; $imports"
    echo 'public class ResultPartitionFactory { public int networkBuffersPerChannel, floatingNetworkBuffersPerGate,'
    echo '  sortShuffleMinParallelism, sortShuffleMinBuffers, maxBuffersPerChannel = 10;'
    echo '  public final BufferPoolFactory bufferPoolFactory = new BufferPoolFactory();'
    git -C "$1" show "$2:$RT/io/network/partition/ResultPartitionFactory.java" | awk -v start="$FACTORY" -f "$HERE/extract-method.awk"
    echo '}'
  } >"$p/ResultPartitionFactory.java"
  {
    echo "package org.apache.flink.runtime.io.network.partition.consumer; $imports"
    echo 'import org.apache.flink.runtime.io.network.partition.ResultPartitionType;'
    echo 'public class SingleInputGateFactory {'
    git -C "$1" show "$2:$RT/io/network/partition/consumer/SingleInputGateFactory.java" | awk -v start="$FACTORY" -f "$HERE/extract-method.awk"
    echo '}'
  } >"$p/consumer/SingleInputGateFactory.java"
}
# 1.14+: DistributionPattern (its imports serve only its Javadoc) and Flink's
# EdgeManagerBuildUtil.computeMaxEdgesToTargetExecutionVertex, unchanged, in a shell class: the channels
# and subpartitions SsgNetworkMemoryCalculationUtils announces for a static graph.
edges() { # repo rev src
  local g=$3/org/apache/flink/runtime
  mkdir -p "$g/jobgraph" "$g/executiongraph"
  git -C "$1" show "$2:$RT/jobgraph/DistributionPattern.java" | sed '/^import /d' >"$g/jobgraph/DistributionPattern.java"
  {
    echo 'package org.apache.flink.runtime.executiongraph; import org.apache.flink.runtime.jobgraph.DistributionPattern;'
    echo 'public class EdgeManagerBuildUtil {'
    git -C "$1" show "$2:$RT/executiongraph/EdgeManagerBuildUtil.java" |
      awk -v start='static int computeMaxEdgesToTargetExecutionVertex[(]' -f "$HERE/extract-method.awk"
    echo '}'
  } >"$g/executiongraph/EdgeManagerBuildUtil.java"
}
rm -rf "$WORK" && mkdir -p "$WORK"
for entry in "${RELEASES[@]}"; do
  IFS='|' read -r release repo rev mode tiered <<<"$entry"
  src=$WORK/$release/src out=$WORK/$release/classes
  mkdir -p "$src" "$out"
  for c in "${CLASSES[@]}"; do
    git -C "$repo" cat-file -e "$rev:$RT/$c.java" 2>/dev/null || continue
    mkdir -p "$src/$(dirname "$c")"
    git -C "$repo" show "$rev:$RT/$c.java" >"$src/$c.java"
  done
  echo "$(git -C "$repo" rev-parse "$rev") $release" >"$WORK/$release/revision"
  if [ "$mode" = before-1.14 ]; then
    transplant "$repo" "$rev" "$src"
    javac -nowarn -d "$out" $(find "$src" -name '*.java') "$HERE"/stubs/*.java "$HERE"/stubs-before-1.14/*.java "$HERE"/Driver.java "$HERE"/OldDriver.java
    java -cp "$out" org.apache.flink.runtime.io.network.partition.OldDriver >"$WORK/$release/rows.jsonl"
  else
    edges "$repo" "$rev" "$src"
    javac -nowarn -d "$out" $(find "$src" -name '*.java') "$HERE"/stubs/*.java "$HERE"/Driver.java
    java -cp "$out" org.apache.flink.runtime.io.network.partition.consumer.Driver "$mode" "$tiered" >"$WORK/$release/rows.jsonl"
  fi
  printf '{"fn":"defaults","bpc":%s,"fpg":%s,"smp":%s,"smb":%s}\n' \
    "$(default_of "$repo" "$rev" taskmanager.network.memory.buffers-per-channel buffersPerChannel)" \
    "$(default_of "$repo" "$rev" taskmanager.network.memory.floating-buffers-per-gate extraBuffersPerGate)" \
    "$(default_of "$repo" "$rev" taskmanager.network.sort-shuffle.min-parallelism sortShuffleMinParallelism)" \
    "$(default_of "$repo" "$rev" taskmanager.network.sort-shuffle.min-buffers sortShuffleMinBuffers)" >>"$WORK/$release/rows.jsonl"
done
node "$HERE/merge.mjs" "$WORK" "${RELEASES[@]%%|*}" >"$HERE/flink-network-buffers.jsonl"
