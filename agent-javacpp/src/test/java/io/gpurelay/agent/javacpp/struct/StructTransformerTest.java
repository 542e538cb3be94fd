package io.gpurelay.agent.javacpp.struct;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.dynamic.scaffold.inline.MethodNameTransformer;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every struct class the layouts know is rewritten (the generated class is made, not loaded), and the natives left
 * without a working body are only those no layout can serve: C++ operators and converting constructors, members the
 * headers lack or declare otherwise (another CUDA version), pointer-to-pointer members, function pointers.
 */
class StructTransformerTest
{
    private static final List<String> ACCEPTED_REASONS = List.of(
        "(a C++ operator)", "(a C++ constructor)", "(not in the layouts the agent took from the CUDA headers)",
        "(passed by pointer to pointer)", "another CUDA version", "cudaHostFn_t value", "CUhostFn value",
        "cudaStreamCallback_t value", "CUstreamCallback value", "cudaAsyncCallback value", "CUasyncCallback value",
        "cudaLogsCallback_t value", "CUlogsCallback value");

    @Test
    void everyStructClassIsRewrittenAndOnlyWhatNoLayoutServesIsUnsupported()
    {
        final StructLayouts layouts = StructLayouts.get();
        final StructTransformer transformer = new StructTransformer(layouts);
        final ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(getClass().getClassLoader());
        final TypePool pool = TypePool.Default.of(locator);
        final Map<String, List<String>> unexpected = new TreeMap<>();
        int unsupported = 0;
        for (final String name : layouts.structs().keySet())
        {
            final TypeDescription type = pool.describe(name).resolve();
            transformer.transform(new ByteBuddy().with(TypeValidation.ENABLED)
                    .rebase(type, locator, new MethodNameTransformer.Prefixing("gpurelay$")), type, null, null, null)
                .make();
            for (final String reason : transformer.unsupported(type))
            {
                unsupported++;
                if (ACCEPTED_REASONS.stream().noneMatch(reason::contains))
                {
                    unexpected.computeIfAbsent(name, ignored -> new ArrayList<>()).add(reason);
                }
            }
        }
        assertTrue(unexpected.isEmpty(), "natives without a body for another reason: " + unexpected);
        assertTrue(unsupported < 120, "unsupported natives: " + unsupported);
    }
}
