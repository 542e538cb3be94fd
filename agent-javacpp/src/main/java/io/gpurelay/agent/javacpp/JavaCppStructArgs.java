package io.gpurelay.agent.javacpp;

import io.gpurelay.agent.javacpp.struct.StructLayouts;
import org.bytedeco.javacpp.Pointer;

/**
 * A struct argument of a JavaCPP function ({@code cudaPointerAttributes*}, {@code CUuuid*}, ...): an object of the
 * preset's struct class, whose members the agent reads and writes through the layouts taken from the CUDA headers
 * ({@link io.gpurelay.agent.javacpp.struct.JavaCppStructs}).
 */
final class JavaCppStructArgs
{
    private JavaCppStructArgs()
    {
    }

    /**
     * @return the struct object, refused when it is null, at address 0, or of a class the agent has no layout for.
     */
    static Pointer struct(final JavaCppArgs a, final int index)
    {
        if (!(a.get(index) instanceof Pointer pointer) || pointer.address() == 0)
        {
            throw new JavaCppArgumentException(a.describe(index) + " is null; the function reads or writes the " +
                "struct there");
        }
        if (StructLayouts.get().layoutOf(pointer.getClass()) == null)
        {
            throw new JavaCppArgumentException(a.describe(index) + " is no struct class of the presets the agent " +
                "has a layout for");
        }
        return pointer;
    }
}
