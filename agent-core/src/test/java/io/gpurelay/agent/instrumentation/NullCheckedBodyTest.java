package io.gpurelay.agent.instrumentation;

import java.io.StringReader;
import java.lang.reflect.Method;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The null checks a described native's body begins with, remoted or not supported, applied to a binding-shaped
 * class without an agent.
 */
class NullCheckedBodyTest
{
    private static final int NOT_SUPPORTED = 801;

    private static Class<?> rewritten;

    @BeforeAll
    static void rewrite() throws Exception
    {
        final String name = FakeCheckedBinding.class.getName();
        final NullChecks checks = NullChecks.parse("test.txt", new StringReader(
            "[" + name + "]\n" +
            "copyNative 3 2:src 0:dst\n" +
            "versionNative 1 0:version=fakeErrorInvalidValue/7\n" +
            "describeNative 2 1:name@fakeDescribe\n"));
        final InstrumentationModule module = new InstrumentationModule(
            name, "Fake", FakeCheckedRemote.class, NOT_SUPPORTED, "fakeErrorNotSupported", "Fake-")
        {
        };
        rewritten = new NativeMethodTransformer(module, checks).transform(
                new ByteBuddy().rebase(FakeCheckedBinding.class),
                TypeDescription.ForLoadedType.of(FakeCheckedBinding.class),
                FakeCheckedBinding.class.getClassLoader(), null, null)
            .make()
            .load(FakeCheckedBinding.class.getClassLoader(), ClassLoadingStrategy.Default.CHILD_FIRST)
            .getLoaded();
    }

    @Test
    void aRemotedNativeThrowsJCudasMessageForTheFirstNullArgumentInJCudasOrder() throws Exception
    {
        assertEquals(5, copy(new Object(), 5, new Object()));
        assertRefused("Parameter 'dst' is null for copy", () -> copy(null, 5, new Object()));
        assertRefused("Parameter 'src' is null for copy", () -> copy(new Object(), 5, null));
        assertRefused("Parameter 'src' is null for copy", () -> copy(null, 5, null));
    }

    @Test
    void aStatusOnNullIsReturnedBeforeTheBody() throws Exception
    {
        assertEquals(7, invoke("version", new Class<?>[]{ int[].class }, (Object)null));
        assertEquals(NOT_SUPPORTED, invoke("version", new Class<?>[]{ int[].class }, (Object)new int[1]));
    }

    @Test
    void anUnsupportedNativeChecksAfterAWidePrimitive() throws Exception
    {
        assertRefused("Parameter 'name' is null for fakeDescribe",
            () -> invoke("describe", new Class<?>[]{ double.class, String.class }, 2.0, null));
        assertNull(invoke("describe", new Class<?>[]{ double.class, String.class }, 2.0, "x"));
    }

    private static int copy(final Object dst, final long count, final Object src) throws Exception
    {
        return (Integer)invoke("copy", new Class<?>[]{ Object.class, long.class, Object.class }, dst, count, src);
    }

    private interface Call
    {
        Object run() throws Exception;
    }

    private static void assertRefused(final String message, final Call call)
    {
        final NullPointerException thrown = assertThrows(NullPointerException.class, call::run);
        assertEquals(message, thrown.getMessage());
    }

    private static Object invoke(final String name, final Class<?>[] parameterTypes, final Object... args)
        throws Exception
    {
        return StaticCalls.invoke(rewritten, name, parameterTypes, args);
    }
}
