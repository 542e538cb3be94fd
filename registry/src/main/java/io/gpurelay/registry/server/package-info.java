/**
 * One member of the pool registry's Aeron Cluster: the media driver, archive and consensus module it runs, the
 * clustered service that applies executors' reports and leaves and clients' placement requests in log order, the pool
 * state that is a deterministic function of that log, and the compaction that snapshots the state and purges the log
 * behind the oldest member's snapshot.
 */
package io.gpurelay.registry.server;
