/**
 * The executor, in layers whose dependencies run one way (LayersTest checks them, and that no two packages depend on
 * each other): {@code cli} (the {@code gpurelay} command line) above {@code control} (the executor, its conductor and
 * registry reporting), above {@code isolation} (the supervisor of worker processes) and {@code worker} (the worker
 * process), above {@code session} (one client's session and the sessions a process hosts), above {@code dispatch}
 * (the calls of each family) and {@code config} (the executor's settings), above {@code resources} (what a session
 * holds), {@code counters} and {@code log}, above {@code backend}. {@code stat} and {@code metrics} read the counters
 * for {@code gpurelay stat} and Prometheus.
 */
package io.gpurelay.executor;
