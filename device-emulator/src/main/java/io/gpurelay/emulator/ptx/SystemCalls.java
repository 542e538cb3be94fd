package io.gpurelay.emulator.ptx;

import java.util.List;

/**
 * The PTX system calls the emulator provides, which nvcc declares {@code .extern .func} and calls like any function:
 * {@code vprintf} (what device {@code printf} compiles to), {@code malloc} and {@code free}. Their declarations must
 * have the signatures of the PTX ISA; the interpreter runs them in {@link Warp} against the context's
 * {@link DeviceSystemCalls}.
 */
final class SystemCalls
{
    /** {@code .func (.param .b32 status) vprintf(.param .b64 format, .param .b64 arguments)}. */
    static final int VPRINTF = 0;
    /** {@code .func (.param .b64 pointer) malloc(.param .b64 size)}. */
    static final int MALLOC = 1;
    /** {@code .func free(.param .b64 pointer)}. */
    static final int FREE = 2;

    static final String NAMES = "vprintf, malloc, free";

    private SystemCalls()
    {
    }

    /**
     * @return the system call's number, or {@link Instruction#NONE} when the name is not one.
     */
    static int byName(final String name)
    {
        return switch (name)
        {
            case "vprintf" -> VPRINTF;
            case "malloc" -> MALLOC;
            case "free" -> FREE;
            default -> Instruction.NONE;
        };
    }

    /**
     * @throws PtxException when the module declares the system call with another signature than the PTX ISA's.
     */
    static void checkSignature(final int call, final ParsedFunction declaration, final Statement statement)
    {
        final boolean matches = switch (call)
        {
            case VPRINTF -> sizes(declaration.parameters, 8, 8) && sizes(declaration.returns, 4);
            case MALLOC -> sizes(declaration.parameters, 8) && sizes(declaration.returns, 8);
            default -> sizes(declaration.parameters, 8) && declaration.returns.isEmpty();
        };
        if (!matches)
        {
            throw new PtxException("system call '" + declaration.name + "' is declared with another signature than " +
                "the PTX ISA's: vprintf takes two .b64 and returns a .b32, malloc takes a .b64 and returns a .b64, " +
                "free takes a .b64", statement.line());
        }
    }

    private static boolean sizes(final List<FrameVariable> variables, final int... expected)
    {
        if (variables.size() != expected.length)
        {
            return false;
        }
        for (int i = 0; i < expected.length; i++)
        {
            if (variables.get(i).size() != expected[i])
            {
                return false;
            }
        }
        return true;
    }
}
