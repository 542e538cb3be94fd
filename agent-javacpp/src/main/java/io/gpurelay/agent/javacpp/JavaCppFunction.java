package io.gpurelay.agent.javacpp;

/**
 * The code of one remoted function of a JavaCPP preset: every overload of the function's native (one per Java type
 * JavaCPP maps a C argument to) calls it, with the arguments as the overload received them.
 */
@FunctionalInterface
public interface JavaCppFunction
{
    /**
     * @return what the native returns: an {@link Integer} status for most, a pointer or string for a few.
     */
    Object call(JavaCppArgs arguments);
}
