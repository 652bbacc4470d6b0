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
# release | repository | revision | driver mode (fixed: 2.x hard-codes bpc/fpg/min-parallelism) | tiered guaranteed buffers
RELEASES=(
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
  echo "$v"
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
  javac -nowarn -d "$out" $(find "$src" -name '*.java') "$HERE"/stubs/*.java "$HERE"/Driver.java
  echo "$(git -C "$repo" rev-parse "$rev") $release" >"$WORK/$release/revision"
  java -cp "$out" org.apache.flink.runtime.io.network.partition.consumer.Driver "$mode" "$tiered" >"$WORK/$release/rows.jsonl"
  printf '{"fn":"defaults","bpc":%s,"fpg":%s,"smp":%s,"smb":%s}\n' \
    "$(default_of "$repo" "$rev" taskmanager.network.memory.buffers-per-channel buffersPerChannel)" \
    "$(default_of "$repo" "$rev" taskmanager.network.memory.floating-buffers-per-gate extraBuffersPerGate)" \
    "$(default_of "$repo" "$rev" taskmanager.network.sort-shuffle.min-parallelism sortShuffleMinParallelism)" \
    "$(default_of "$repo" "$rev" taskmanager.network.sort-shuffle.min-buffers sortShuffleMinBuffers)" >>"$WORK/$release/rows.jsonl"
done
node "$HERE/merge.mjs" "$WORK" "${RELEASES[@]%%|*}" >"$HERE/flink-network-buffers.jsonl"
