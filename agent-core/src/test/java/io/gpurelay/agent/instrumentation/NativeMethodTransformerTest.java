package io.gpurelay.agent.instrumentation;

import java.lang.reflect.Method;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.log.LogCapture;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The rewriting itself, applied to a binding-shaped class without an agent: rebasing keeps each original native
 * method under another name, unlinked, so the rewritten class runs in this JVM.
 */
class NativeMethodTransformerTest
{
    private static final int NOT_SUPPORTED = 801;
    private static final InstrumentationModule MODULE = new InstrumentationModule(
        FakeBinding.class.getName(), "Fake", FakeRemote.class, NOT_SUPPORTED, "fakeErrorNotSupported", "Fake-")
    {
    };

    private static Class<?> rewritten;

    @BeforeAll
    static void rewrite()
    {
        final DynamicType.Builder<?> builder = new NativeMethodTransformer(MODULE).transform(
            new ByteBuddy().rebase(FakeBinding.class), TypeDescription.ForLoadedType.of(FakeBinding.class),
            FakeBinding.class.getClassLoader(), null, null);
        rewritten = builder.make()
            .load(FakeBinding.class.getClassLoader(), ClassLoadingStrategy.Default.CHILD_FIRST)
            .getLoaded();
        assertNotSame(FakeBinding.class, rewritten);
    }

    @Test
    void aModulesReportHandlerSeesEveryUnsupportedCallThatReturnsNoStatus() throws Exception
    {
        final InstrumentationModule recording = new InstrumentationModule(
            FakeBinding.class.getName(), "Fake", FakeRemote.class, NOT_SUPPORTED, "fakeErrorNotSupported", "Fake-")
        {
            public Method notSupportedReportHandler()
            {
                try
                {
                    return RecordingReports.class.getMethod("report", String.class);
                }
                catch (final NoSuchMethodException ex)
                {
                    throw new IllegalStateException(ex);
                }
            }
        };
        final Class<?> recorded = new NativeMethodTransformer(recording).transform(
            new ByteBuddy().rebase(FakeBinding.class), TypeDescription.ForLoadedType.of(FakeBinding.class),
            FakeBinding.class.getClassLoader(), null, null).make()
            .load(FakeBinding.class.getClassLoader(), ClassLoadingStrategy.Default.CHILD_FIRST).getLoaded();
        RecordingReports.MESSAGES.clear();
        recorded.getMethod("reset").invoke(null);
        assertNull(recorded.getMethod("describe").invoke(null));
        recorded.getMethod("reset").invoke(null);
        assertEquals(3, RecordingReports.MESSAGES.size(), RecordingReports.MESSAGES.toString());
        assertEquals("Fake.reset is not supported by gpurelay; ignoring the call", RecordingReports.MESSAGES.get(0));
        assertEquals(NOT_SUPPORTED, recorded.getMethod("createGraph").invoke(null), "status natives keep theirs");
        assertEquals(3, RecordingReports.MESSAGES.size());
    }

    @Test
    void remotedNativeMethodCallsItsRemoteImplementation() throws Exception
    {
        assertEquals(5, invoke("add", new Class<?>[]{ int.class, int.class }, 2, 3));
    }

    @Test
    void unsupportedNativeMethodReturnsTheBindingsStatusAndSaysSoOnce() throws Exception
    {
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(NOT_SUPPORTED, invoke("createGraph", new Class<?>[0]));
            assertEquals(NOT_SUPPORTED, invoke("createGraph", new Class<?>[0]));
            assertEquals(NOT_SUPPORTED, invoke("createGraph", new Class<?>[0]));

            assertEquals(1, log.count(
                "gpurelay: Fake.createGraph is not supported by gpurelay; returning fakeErrorNotSupported"),
                log.lines().toString());
        }
    }

    @Test
    void unsupportedNativeMethodsOfOtherReturnTypesReturnNothingUseful() throws Exception
    {
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertNull(invoke("describe", new Class<?>[0]));
            assertEquals(0L, invoke("size", new Class<?>[0]));
            assertFalse((Boolean)invoke("ready", new Class<?>[0]));
            assertNull(invoke("reset", new Class<?>[0]));

            assertEquals(1, log.count("Fake.describe is not supported by gpurelay; returning null"));
            assertEquals(1, log.count("Fake.size is not supported by gpurelay; returning 0"));
            assertEquals(1, log.count("Fake.ready is not supported by gpurelay; returning false"));
            assertEquals(1, log.count("Fake.reset is not supported by gpurelay; ignoring the call"));
        }
    }

    @Test
    void tableCountsWhatIsRemotedAndWhatIsMissing()
    {
        final NativeMethodTable table =
            NativeMethodTable.of(MODULE, TypeDescription.ForLoadedType.of(FakeBinding.class));

        assertEquals(6, table.nativeMethodCount());
        assertEquals(1, table.remoted().size());
        assertEquals(5, table.notSupported().size());
        assertEquals(1, table.unmatched().size());
        assertEquals("removedFunctionNative", table.unmatched().get(0).getName());
    }

    private static Object invoke(final String name, final Class<?>[] parameterTypes, final Object... args)
        throws Exception
    {
        return StaticCalls.invoke(rewritten, name, parameterTypes, args);
    }
}
