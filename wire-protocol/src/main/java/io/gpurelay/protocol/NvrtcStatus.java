package io.gpurelay.protocol;

/**
 * The {@code nvrtcResult} values. Numbers are NVRTC's own.
 */
public final class NvrtcStatus
{
    public static final int SUCCESS = 0;
    public static final int OUT_OF_MEMORY = 1;
    public static final int PROGRAM_CREATION_FAILURE = 2;
    public static final int INVALID_INPUT = 3;
    public static final int INVALID_PROGRAM = 4;
    public static final int INVALID_OPTION = 5;
    public static final int COMPILATION = 6;
    public static final int BUILTIN_OPERATION_FAILURE = 7;
    public static final int NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8;
    public static final int NO_LOWERED_NAMES_BEFORE_COMPILATION = 9;
    public static final int NAME_EXPRESSION_NOT_VALID = 10;
    public static final int INTERNAL_ERROR = 11;

    private NvrtcStatus()
    {
    }
}
