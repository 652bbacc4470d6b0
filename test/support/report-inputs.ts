/**
 * Inputs shaped like what users bring to `flinkslot report`: a SQL plan of `sources` Kafka tables,
 * each filtered (a Calc vertex, hash-partitioned on the join key), joined pairwise up a tree of
 * regular joins (RocksDB keyed state), then aggregated into a sink; 3 × sources + 1 vertices. And
 * a standalone cluster of identical TaskManagers.
 */
export function sqlPlanJob(sources: number, name = `sql-plan-${sources}`): string {
  const vertices: string[] = [];
  const edges: string[] = [];
  const keyed = '{slotScope: [STATE_BACKEND]}';
  let level: string[] = [];
  for (let i = 0; i < sources; i++) {
    vertices.push(`  - {id: source-${i}, name: "Source: TableSourceScan(table=[[default_catalog, db, orders_${i}]])", parallelism: 4}`);
    vertices.push(`  - {id: calc-${i}, name: "Calc(select=[id, amount, ts], where=[amount > 0])", parallelism: 8}`);
    edges.push(`  - {source: source-${i}, target: calc-${i}, distribution: POINTWISE}`);
    level.push(`calc-${i}`);
  }
  let joins = 0;
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) {
      const id = `join-${joins++}`;
      vertices.push(
        `  - {id: ${id}, name: "Join(joinType=[InnerJoin], where=[(id = id0)])", parallelism: 8, operators: [{id: ${id}-op, managedMemory: ${keyed}}]}`,
      );
      edges.push(`  - {source: ${level[i]}, target: ${id}, distribution: ALL_TO_ALL}`);
      edges.push(`  - {source: ${level[i + 1]}, target: ${id}, distribution: ALL_TO_ALL}`);
      next.push(id);
    }
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
  }
  vertices.push(
    `  - {id: agg, name: "GroupAggregate(groupBy=[id], select=[id, SUM(amount)])", parallelism: 8, operators: [{id: agg-op, managedMemory: ${keyed}}]}`,
  );
  vertices.push('  - {id: sink, name: "Sink: Kafka(topic=[totals])", parallelism: 2}');
  edges.push(`  - {source: ${level[0]}, target: agg, distribution: ALL_TO_ALL}`);
  edges.push('  - {source: agg, target: sink, distribution: ALL_TO_ALL}');
  return [
    `name: ${name}`,
    'flinkVersion: "1.20"',
    'managedMemoryConfig: {stateBackend: rocksdb}',
    'vertices:',
    ...vertices,
    'edges:',
    ...edges,
    '',
  ].join('\n');
}

export function standaloneCluster(taskManagers: number, slots: number): string {
  return [
    'flinkVersion: "1.20"',
    'resourceAllocation: standalone',
    'defaultWorker:',
    `  totalResources: {cpuCores: ${slots}, taskHeapMemory: ${slots}g, taskOffHeapMemory: 1g, managedMemory: ${slots}g, networkMemory: 1g}`,
    `  numberOfTaskSlots: ${slots}`,
    'taskManagers:',
    `  - {id: tm, count: ${taskManagers}}`,
    '',
  ].join('\n');
}
