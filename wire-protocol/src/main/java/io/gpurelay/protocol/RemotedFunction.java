package io.gpurelay.protocol;

/**
 * What a call names on the wire: the hand-written {@link Function}s and the rows of the function table
 * ({@link io.gpurelay.protocol.table.FunctionRow}) alike. Both sides know a function by its id; the rest is for
 * choosing the reply's status family and for messages.
 */
public interface RemotedFunction
{
    /**
     * @return the id that travels in {@code Call.function}; never reused.
     */
    int id();

    /**
     * @return the API whose status codes the reply carries.
     */
    Api api();

    /**
     * @return the function's name as messages show it.
     */
    String name();
}
