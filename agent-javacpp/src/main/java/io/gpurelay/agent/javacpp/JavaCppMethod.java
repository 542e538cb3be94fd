package io.gpurelay.agent.javacpp;

/**
 * One native method of a JavaCPP preset class as the agent rewrote it: its function, which of its arguments JavaCPP
 * passes by pointer to pointer ({@code @ByPtrPtr}: the callee writes an address into the Java object itself), and the
 * type it returns.
 *
 * @param binding       the preset class's short name, e.g. {@code cudart}.
 * @param name          the C function, which is the native's name.
 * @param byPtrPtr      bit i set when argument i is declared {@code @ByPtrPtr}.
 * @param returnType    the native's declared return type (a class name, or a primitive's name).
 * @param parameterTypes the native's declared parameter types, for messages.
 * @param invalidStatus the status the binding answers a call whose arguments it cannot take with.
 * @param invalidStatusName that status's name.
 * @param function      the code that runs it.
 */
public record JavaCppMethod(
    String binding, String name, long byPtrPtr, String returnType, String[] parameterTypes, int invalidStatus,
    String invalidStatusName, JavaCppFunction function)
{
    public boolean isByPtrPtr(final int index)
    {
        return index < Long.SIZE && (byPtrPtr & (1L << index)) != 0;
    }

    public String qualifiedName()
    {
        return binding + "." + name;
    }
}
