package io.gpurelay.protocol.table;

/**
 * A kind of library object that table rows make, use and destroy ({@code object(kind)}, {@code new:object(kind)},
 * {@code free:object(kind)}): a handle of the session like a stream's, checked against the session's tables, freed
 * when the session ends, and of no use in another session. Each kind names its binding, the JavaCPP class its
 * objects are, and the row that destroys one, which the executor runs for each object a session leaves behind.
 */
public enum ObjectKind implements TableToken
{
    /** {@code cusolverDnHandle_t}. */
    CUSOLVER_DN("cusolverDn", Binding.CUSOLVER, "org.bytedeco.cuda.cusolver.cusolverDnContext", "cusolverDnDestroy"),
    /** {@code cusolverDnParams_t}, the 64-bit API's options. */
    CUSOLVER_DN_PARAMS("cusolverDnParams", Binding.CUSOLVER, "org.bytedeco.cuda.cusolver.cusolverDnParams",
        "cusolverDnDestroyParams");

    private final String token;
    private final Binding binding;
    private final String javaCppClass;
    private final String destroyedBy;

    ObjectKind(final String token, final Binding binding, final String javaCppClass, final String destroyedBy)
    {
        this.token = token;
        this.binding = binding;
        this.javaCppClass = javaCppClass;
        this.destroyedBy = destroyedBy;
    }

    /**
     * @return how the table spells the kind: the C type without {@code _t} and {@code Handle}.
     */
    public String token()
    {
        return token;
    }

    public Binding binding()
    {
        return binding;
    }

    /**
     * @return the JavaCPP class of the objects ({@code org.bytedeco.cuda.cusolver.cusolverDnContext}).
     */
    public String javaCppClass()
    {
        return javaCppClass;
    }

    /**
     * @return the row that destroys an object of this kind, taking it as its only argument.
     */
    public String destroyedBy()
    {
        return destroyedBy;
    }

    /**
     * The kind the table spells this way, or null.
     */
    public static ObjectKind of(final String token)
    {
        return TableToken.of(values(), token);
    }
}
