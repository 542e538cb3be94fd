package io.gpurelay.agent.javacpp.struct;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.Consumer;

import io.gpurelay.agent.log.AgentLog;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import org.agrona.UnsafeApi;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.javacpp.Pointer;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * The struct classes of JavaCPP's CUDA presets without their native library: their natives get Java bodies from
 * layouts taken from the CUDA headers ({@link StructLayouts}), their sizes and member offsets are registered in
 * JavaCPP's {@code Loader} as the library's {@code JNI_OnLoad} registers them (so {@code Pointer.sizeof()},
 * {@code Loader.offsetof}, {@code position} and {@code getPointer} arithmetic work), and helpers read and write a
 * struct's members by name for the agent's own code.
 */
public final class JavaCppStructs
{
    private static final String LOADER = "org.bytedeco.javacpp.Loader";

    /** Registers a class's size and offsets in JavaCPP's Loader the first time Loader is asked about it. */
    private static final ClassValue<Boolean> REGISTERED = new ClassValue<>()
    {
        protected Boolean computeValue(final Class<?> type)
        {
            final StructLayout layout = StructLayouts.get().layout(type.getName());
            if (layout == null)
            {
                return false;
            }
            putMemberOffsets(type.asSubclass(Pointer.class), layout);
            return true;
        }
    };

    private JavaCppStructs()
    {
    }

    /**
     * Adds the rules that rewrite the struct classes as they load and register their layouts with JavaCPP's Loader.
     *
     * @param rules                the agent's rules (rebasing with its native method prefix)
     * @param relayedClassPrefixes takes the names of the classes whose native libraries are not to be loaded
     * @return the rules with the struct classes' added
     */
    public static AgentBuilder install(final AgentBuilder rules, final Consumer<String> relayedClassPrefixes)
    {
        final StructLayouts layouts = StructLayouts.get();
        final StructTransformer transformer;
        try
        {
            transformer = new StructTransformer(layouts);
        }
        catch (final LinkageError ex)
        {
            AgentLog.debug("JavaCPP is not on the class path, its struct classes are left alone: " +
                AgentLog.describe(ex));
            return rules;
        }
        layouts.structs().keySet().forEach(relayedClassPrefixes);
        AgentLog.debug("will rewrite the natives of " + layouts.structs().size() + " JavaCPP struct classes");
        return rules
            .type(namedOneOf(layouts.structs().keySet().toArray(new String[0])))
            .transform(transformer)
            .type(named(LOADER))
            .transform((builder, type, classLoader, module, domain) -> builder.visit(Advice.to(OffsetAdvice.class)
                .on(named("offsetof").and(isStatic()).and(takesArguments(2)).and(takesArgument(0, Class.class)))));
    }

    /**
     * Called at the start of JavaCPP's {@code Loader.offsetof(Class, String)}, which every sizeof and offsetof ends
     * in: registers the layout of the class (or of its nearest struct superclass) before the lookup. Public because
     * the advice runs inside Loader.
     */
    public static void beforeOffsetof(final Class<?> type)
    {
        for (Class<?> c = type; c != null && c != Pointer.class && c != Object.class; c = c.getSuperclass())
        {
            if (REGISTERED.get(c))
            {
                return;
            }
        }
    }

    /**
     * @return the C size of a struct class, from the layouts (also for a subclass of one)
     */
    public static int sizeof(final Class<? extends Pointer> type)
    {
        return layoutOf(type).size();
    }

    /**
     * @return the offset of a member (by C name, e.g. {@code totalGlobalMem} or {@code res.linear.devPtr})
     */
    public static int offsetof(final Class<? extends Pointer> type, final String member)
    {
        return member(layoutOf(type), member).offset();
    }

    /**
     * Reads an integer member (any C integer, enum, bool or pointer) of the struct the pointer points at (its
     * position counted in structs, as JavaCPP counts it), widened as C widens it.
     */
    public static long getLong(final Pointer struct, final String member)
    {
        final StructLayout.Member m = scalar(struct, member);
        return ScalarMemory.readLong(address(struct, m), m.kind(), m.size());
    }

    public static int getInt(final Pointer struct, final String member)
    {
        return (int)getLong(struct, member);
    }

    public static double getDouble(final Pointer struct, final String member)
    {
        final StructLayout.Member m = scalar(struct, member);
        return ScalarMemory.readDouble(address(struct, m), m.kind(), m.size());
    }

    /**
     * Writes an integer member, truncated to its C size.
     */
    public static void putLong(final Pointer struct, final String member, final long value)
    {
        final StructLayout.Member m = scalar(struct, member);
        ScalarMemory.writeLong(address(struct, m), m.kind(), m.size(), value);
    }

    public static void putInt(final Pointer struct, final String member, final int value)
    {
        putLong(struct, member, value);
    }

    public static void putDouble(final Pointer struct, final String member, final double value)
    {
        final StructLayout.Member m = scalar(struct, member);
        ScalarMemory.writeDouble(address(struct, m), m.kind(), m.size(), value);
    }

    /**
     * @return the absolute address of the struct the pointer points at (its position counted in structs)
     */
    public static long structAddress(final Pointer struct)
    {
        final StructLayout layout = layoutOf(struct.getClass());
        if (struct.address() == 0)
        {
            throw new NullPointerException("This pointer address is NULL.");
        }
        return struct.address() + struct.position() * layout.size();
    }

    /**
     * @return a copy of a member's bytes (all elements of an array, all of a nested struct)
     */
    public static byte[] getBytes(final Pointer struct, final String member)
    {
        final StructLayout.Member m = member(layoutOf(struct.getClass()), member);
        final byte[] bytes = new byte[m.size() * Math.max(1, m.length())];
        UnsafeApi.copyMemory(null, address(struct, m), bytes, UnsafeApi.arrayBaseOffset(byte[].class), bytes.length);
        return bytes;
    }

    /**
     * Writes a member's bytes from the start; the member must have room for them.
     */
    public static void putBytes(final Pointer struct, final String member, final byte[] bytes)
    {
        final StructLayout.Member m = member(layoutOf(struct.getClass()), member);
        final int room = m.size() * Math.max(1, m.length());
        if (bytes.length > room)
        {
            throw new IllegalArgumentException(bytes.length + " bytes do not fit " + member + " (" + room + " bytes)");
        }
        UnsafeApi.copyMemory(bytes, UnsafeApi.arrayBaseOffset(byte[].class), null, address(struct, m), bytes.length);
    }

    /**
     * @return the absolute address of a member of the struct the pointer points at
     */
    public static long memberAddress(final Pointer struct, final String member)
    {
        return address(struct, member(layoutOf(struct.getClass()), member));
    }

    static StructLayout layoutOf(final Class<?> type)
    {
        final StructLayout layout = StructLayouts.get().layoutOf(type);
        if (layout == null)
        {
            throw new IllegalArgumentException(type.getName() + " is no struct class the agent has a layout for");
        }
        return layout;
    }

    static StructLayout.Member member(final StructLayout layout, final String member)
    {
        final StructLayout.Member m = layout.member(member);
        if (m == null)
        {
            throw new IllegalArgumentException(layout.cType() + " has no member " + member + " in the agent's layouts");
        }
        return m;
    }

    private static StructLayout.Member scalar(final Pointer struct, final String member)
    {
        final StructLayout.Member m = member(layoutOf(struct.getClass()), member);
        if (m.isArray() || m.kind() == StructLayout.Kind.RECORD)
        {
            throw new IllegalArgumentException(member + " of " + struct.getClass().getName() + " is no scalar");
        }
        return m;
    }

    private static long address(final Pointer struct, final StructLayout.Member member)
    {
        final StructLayout layout = layoutOf(struct.getClass());
        if (struct.address() == 0)
        {
            throw new NullPointerException("This pointer address is NULL.");
        }
        return struct.address() + struct.position() * layout.size() + member.offset();
    }

    /**
     * What the preset library's JNI_OnLoad registers for the class: its size, and its members' offsets unless the
     * class is @NoOffset. Loader.putMemberOffset(Class, String, int) is package-private.
     */
    private static void putMemberOffsets(final Class<? extends Pointer> type, final StructLayout layout)
    {
        try
        {
            final MethodHandle put = MethodHandles.privateLookupIn(Loader.class, MethodHandles.lookup())
                .findStatic(Loader.class, "putMemberOffset",
                    MethodType.methodType(void.class, Class.class, String.class, int.class));
            put.invoke(type, "sizeof", layout.size());
            if (!layout.noOffset())
            {
                for (final StructLayout.Member member : layout.members().values())
                {
                    put.invoke(type, member.name(), member.offset());
                }
            }
        }
        catch (final Throwable ex)
        {
            AgentLog.warn("could not register the layout of " + type.getName() + " with JavaCPP's Loader (" +
                AgentLog.describe(ex) + "); its sizeof and offsetof will fail");
        }
    }

    /**
     * Inlined at the start of JavaCPP's {@code Loader.offsetof(Class, String)}.
     */
    static final class OffsetAdvice
    {
        private OffsetAdvice()
        {
        }

        @Advice.OnMethodEnter
        static void register(@Advice.Argument(0) final Class<?> type)
        {
            JavaCppStructs.beforeOffsetof(type);
        }
    }
}
