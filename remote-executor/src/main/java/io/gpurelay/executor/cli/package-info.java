/**
 * The {@code gpurelay} command line: the {@code executor}, {@code registry} and {@code pool} subcommands (picocli), their
 * defaults from the environment and a properties file, size and duration values and short usage errors. It turns
 * options into an {@code ExecutorContext} and launches a {@code RemoteExecutor}; nothing below imports it.
 */
package io.gpurelay.executor.cli;
