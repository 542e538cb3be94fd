package io.gpurelay.executor.cli;

import picocli.CommandLine.Command;

/**
 * {@code gpurelay}: the top-level command of the executor jar, whose subcommands are the server processes an
 * operator runs. It does nothing by itself; without a subcommand picocli reports the missing one.
 */
@Command(
    name = "gpurelay",
    mixinStandardHelpOptions = true,
    versionProvider = ExecutorMain.VersionProvider.class,
    description = "Run JCuda programs against a GPU in another process or on another machine.",
    footer = {
        "",
        "Run 'gpurelay executor --help' for the executor's options."
    })
final class GpurelayCommand
{
}
