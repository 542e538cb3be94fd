package io.gpurelay.executor.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * Where an option not given on the command line takes its value from: the environment variable
 * {@code GPURELAY_<OPTION>} ({@code --device-memory} → {@code GPURELAY_DEVICE_MEMORY}), else the key named like the
 * option without dashes ({@code device-memory=8g}) in the {@code --config} properties file, else the option's own
 * default. The file is named by {@code --config} on the command line or {@code GPURELAY_CONFIG}, found before
 * parsing because picocli asks for defaults before it reads the arguments.
 */
final class EnvironmentAndFileDefaults implements CommandLine.IDefaultValueProvider
{
    static final String ENVIRONMENT_PREFIX = "GPURELAY_";
    static final String CONFIG_OPTION = "--config";

    private final UnaryOperator<String> environment;
    private final String configFile;
    private Properties fileProperties;

    /**
     * @param environment how to read an environment variable ({@code System::getenv}, or a map in tests).
     * @param args        the command line, searched for {@code --config}.
     */
    EnvironmentAndFileDefaults(final UnaryOperator<String> environment, final String[] args)
    {
        this.environment = environment;
        final String fromArgs = configFileArgument(args);
        this.configFile = fromArgs != null ? fromArgs : nonEmpty(environment.apply(environmentVariable("config")));
    }

    static String environmentVariable(final String key)
    {
        return ENVIRONMENT_PREFIX + key.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    public String defaultValue(final ArgSpec argSpec)
    {
        if (!(argSpec instanceof OptionSpec option) || option.usageHelp() || option.versionHelp())
        {
            return null;
        }
        final Properties file = fileProperties(option);
        final String key = key(option);
        final String fromEnvironment = nonEmpty(environment.apply(environmentVariable(key)));
        if (fromEnvironment != null)
        {
            return fromEnvironment;
        }
        return CONFIG_OPTION.equals(option.longestName()) ? null : file.getProperty(key);
    }

    private Properties fileProperties(final OptionSpec option)
    {
        if (fileProperties == null)
        {
            fileProperties = new Properties();
            if (configFile != null)
            {
                final CommandLine commandLine = option.command().commandLine();
                try (Reader reader = Files.newBufferedReader(Path.of(configFile), StandardCharsets.UTF_8))
                {
                    fileProperties.load(reader);
                }
                catch (final IOException | IllegalArgumentException ex)
                {
                    throw new CommandLine.ParameterException(
                        commandLine, "cannot read the --config file " + configFile + ": " + ex);
                }
                checkKeys(commandLine);
            }
        }
        return fileProperties;
    }

    private void checkKeys(final CommandLine commandLine)
    {
        final Set<String> known = new TreeSet<>();
        for (final OptionSpec option : commandLine.getCommandSpec().options())
        {
            if (!option.usageHelp() && !option.versionHelp() && !CONFIG_OPTION.equals(option.longestName()))
            {
                known.add(key(option));
            }
        }
        for (final String key : fileProperties.stringPropertyNames())
        {
            if (!known.contains(key))
            {
                throw new CommandLine.ParameterException(commandLine, "unknown key '" + key + "' in the --config " +
                    "file " + configFile + "; known keys: " + String.join(", ", known));
            }
        }
    }

    private static String key(final OptionSpec option)
    {
        return option.longestName().replaceFirst("^-+", "");
    }

    private static String configFileArgument(final String[] args)
    {
        for (int i = 0; i < args.length; i++)
        {
            if (CONFIG_OPTION.equals(args[i]) && i + 1 < args.length)
            {
                return args[i + 1];
            }
            if (args[i].startsWith(CONFIG_OPTION + "="))
            {
                return args[i].substring(CONFIG_OPTION.length() + 1);
            }
        }
        return null;
    }

    private static String nonEmpty(final String value)
    {
        return value == null || value.isEmpty() ? null : value;
    }
}
