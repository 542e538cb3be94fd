package io.gpurelay.agent.jcuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.gpurelay.protocol.describe.Library;
import io.gpurelay.protocol.describe.LibraryFunction;
import io.gpurelay.protocol.describe.LibraryFunctions;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import org.junit.jupiter.api.Test;

/**
 * Every row of {@link LibraryFunctions} finds its JCuda native, whose parameters fit its letters.
 */
class JCudaLibraryCallsTest
{
    private static final Map<Library, String> CLASSES = Map.of(Library.CURAND, "jcuda.jcurand.JCurand",
        Library.CUFFT, "jcuda.jcufft.JCufft", Library.NVRTC, "jcuda.nvrtc.JNvrtc");

    @Test
    void everyRowIsANativeOfItsJCudaClass() throws ClassNotFoundException
    {
        for (final Library library : Library.values())
        {
            final Class<?> target = Class.forName(CLASSES.get(library), false, getClass().getClassLoader());
            final Set<String> bound = new TreeSet<>();
            for (final MethodDescription.InDefinedShape method :
                TypeDescription.ForLoadedType.of(target).getDeclaredMethods())
            {
                if (method.isNative() && JCudaLibraryCalls.described(method, library) >= 0)
                {
                    assertTrue(bound.add(method.getName()), method.getName() + " is bound twice");
                }
            }
            final Set<String> rows = new TreeSet<>();
            for (final LibraryFunction function : LibraryFunctions.of(library))
            {
                rows.add(function.name());
            }
            assertEquals(rows.size(), bound.size(), library + ": rows " + rows + ", natives bound " + bound);
        }
    }
}
