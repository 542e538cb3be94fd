package io.gpurelay.executor.backend.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * nvPTXCompiler's options (ptxas's) as the CUDA driver's JIT compiler takes them ({@code CUjit_option}s), for the gpu
 * backend's PTX compiler: {@code --gpu-name}/{@code -arch} (an {@code sm_XY}, {@code sm_XYa} or {@code sm_XYf}) is
 * {@code CU_JIT_TARGET}, {@code -O<n>}/{@code --opt-level} {@code CU_JIT_OPTIMIZATION_LEVEL}, {@code --verbose}/{@code
 * -v} {@code CU_JIT_LOG_VERBOSE}, {@code --device-debug}/{@code -g} {@code CU_JIT_GENERATE_DEBUG_INFO},
 * {@code --generate-line-info}/{@code -lineinfo} {@code CU_JIT_GENERATE_LINE_INFO}, {@code --maxrregcount}
 * {@code CU_JIT_MAX_REGISTERS} and {@code --minnctapersm} {@code CU_JIT_MIN_CTA_PER_SM}. A value may follow its option
 * after {@code =} or as the next entry. Any other option has no JIT equivalent and is refused by name, so that no
 * option is silently ignored. Without {@code --gpu-name} the JIT compiles for the device of its context.
 */
final class JitOptions
{
    /** The {@code CUjit_option} numbers of CUDA's {@code cuda.h}. */
    static final int MAX_REGISTERS = 0;
    static final int OPTIMIZATION_LEVEL = 7;
    static final int TARGET = 9;
    static final int GENERATE_DEBUG_INFO = 11;
    static final int LOG_VERBOSE = 12;
    static final int GENERATE_LINE_INFO = 13;
    static final int MIN_CTA_PER_SM = 31;

    /** {@code CU_COMPUTE_ACCELERATED_TARGET_BASE} and {@code CU_COMPUTE_FAMILY_TARGET_BASE}. */
    private static final int ACCELERATED_TARGET_BASE = 0x10000;
    private static final int FAMILY_TARGET_BASE = 0x20000;
    private static final Pattern GPU_NAME = Pattern.compile("sm_(\\d{2,3})([af]?)");
    private static final Pattern NUMBER = Pattern.compile("\\d{1,9}");

    private final List<int[]> options = new ArrayList<>();
    private final String refusal;

    private JitOptions(final String[] given)
    {
        String refused = null;
        for (int i = 0; i < given.length && refused == null; i++)
        {
            final String option = given[i];
            final int equals = option.indexOf('=');
            final String name = equals < 0 ? option : option.substring(0, equals);
            String value = equals < 0 ? null : option.substring(equals + 1);
            if (value == null && takesValue(name) && i + 1 < given.length && !given[i + 1].startsWith("-"))
            {
                value = given[++i];
            }
            refused = add(name, value, option);
        }
        this.refusal = refused;
    }

    /**
     * @param options the client's options, as it gave them.
     */
    static JitOptions parse(final String[] options)
    {
        return new JitOptions(options);
    }

    /**
     * @return why the options cannot be given to the JIT compiler, as a line of the error log; null when they can.
     */
    String refusal()
    {
        return refusal;
    }

    /**
     * @return the {@code CUjit_option}s, each with its value: {@code {option, value}}.
     */
    List<int[]> options()
    {
        return options;
    }

    private static boolean takesValue(final String name)
    {
        return switch (name)
        {
            case "--gpu-name", "-arch", "--opt-level", "-O", "--maxrregcount", "-maxrregcount", "--minnctapersm",
                "-minnctapersm" -> true;
            default -> false;
        };
    }

    private String add(final String name, final String value, final String option)
    {
        if (name.length() == 3 && name.startsWith("-O") && Character.isDigit(name.charAt(2)) && value == null)
        {
            return level(name.substring(2), option);
        }
        switch (name)
        {
            case "--gpu-name", "-arch" ->
            {
                final Matcher matcher = value == null ? null : GPU_NAME.matcher(value);
                if (matcher == null || !matcher.matches())
                {
                    return value == null ? "ptxas fatal   : Option '" + option + "' needs a GPU name (sm_XY)" :
                        "ptxas fatal   : Value '" + value + "' is not defined for option 'gpu-name'";
                }
                final int base = matcher.group(2).isEmpty() ? 0 :
                    matcher.group(2).equals("a") ? ACCELERATED_TARGET_BASE : FAMILY_TARGET_BASE;
                options.add(new int[]{ TARGET, base + Integer.parseInt(matcher.group(1)) });
                return null;
            }
            case "--opt-level", "-O" ->
            {
                return level(value, option);
            }
            case "--verbose", "-v" ->
            {
                return flag(LOG_VERBOSE, value, option);
            }
            case "--device-debug", "-g" ->
            {
                return flag(GENERATE_DEBUG_INFO, value, option);
            }
            case "--generate-line-info", "-lineinfo" ->
            {
                return flag(GENERATE_LINE_INFO, value, option);
            }
            case "--maxrregcount", "-maxrregcount" ->
            {
                return number(MAX_REGISTERS, value, option);
            }
            case "--minnctapersm", "-minnctapersm" ->
            {
                return number(MIN_CTA_PER_SM, value, option);
            }
            default ->
            {
                return "ptxas fatal   : Unknown option '" + option + "': gpurelay's GPU executor compiles PTX with " +
                    "the CUDA driver's JIT compiler, which takes --gpu-name (-arch), -O<n> (--opt-level), --verbose " +
                    "(-v), --device-debug (-g), --generate-line-info (-lineinfo), --maxrregcount and --minnctapersm";
            }
        }
    }

    private String level(final String value, final String option)
    {
        if (value == null || value.length() != 1 || value.charAt(0) < '0' || value.charAt(0) > '4')
        {
            return "ptxas fatal   : Value '" + value + "' is not defined for option 'opt-level' (" + option + ")";
        }
        options.add(new int[]{ OPTIMIZATION_LEVEL, value.charAt(0) - '0' });
        return null;
    }

    private String flag(final int jitOption, final String value, final String option)
    {
        if (value != null)
        {
            return "ptxas fatal   : Option '" + option + "' takes no value";
        }
        options.add(new int[]{ jitOption, 1 });
        return null;
    }

    private String number(final int jitOption, final String value, final String option)
    {
        if (value == null || !NUMBER.matcher(value).matches())
        {
            return "ptxas fatal   : Option '" + option + "' needs a number";
        }
        options.add(new int[]{ jitOption, Integer.parseInt(value) });
        return null;
    }
}
