package io.gpurelay.agent.layers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.gpurelay.agent.cuda.ManagedMemory;
import io.gpurelay.agent.cuda.PinnedHostMemory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The agent's layering, read from its compiled classes. Its core (bootstrap, configuration, log, the instrumentation
 * SPI and the client) knows no binding and reaches each binding's module only through the service loader. The CUDA
 * logic both bindings share ({@code io.gpurelay.agent.cuda}) names no class of either binding or its adapters. The
 * bindings' adapters do not import each other: a program has one binding, and the other's classes are absent.
 */
class LayersTest
{
    private static final String[] CORE = { "io.gpurelay.agent", "io.gpurelay.agent.instrumentation..",
        "io.gpurelay.agent.client.." };
    private static JavaClasses agent;

    @BeforeAll
    static void importTheAgent()
    {
        agent = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.gpurelay.agent");
    }

    @Test
    void theCoreImportsNoBinding()
    {
        noClasses().that().resideInAnyPackage(CORE)
            .should().dependOnClassesThat().resideInAnyPackage(
                "io.gpurelay.agent.jcuda..", "io.gpurelay.agent.javacpp..", "io.gpurelay.agent.cuda..", "jcuda..",
                "org.bytedeco..")
            .because("a binding's module is found by the service loader; the core must load without either binding")
            .check(agent);
    }

    @Test
    void theSharedCudaLogicNamesNoBindingClass()
    {
        noClasses().that().resideInAPackage("io.gpurelay.agent.cuda..")
            .should().dependOnClassesThat().resideInAnyPackage(
                "jcuda..", "org.bytedeco..", "io.gpurelay.agent.jcuda..", "io.gpurelay.agent.javacpp..")
            .because("both bindings' adapters call it, and a program has only one of the two bindings")
            .check(agent);
    }

    @Test
    void theBindingsDoNotImportEachOther()
    {
        noClasses().that().resideInAPackage("io.gpurelay.agent.jcuda..")
            .should().dependOnClassesThat().resideInAnyPackage("io.gpurelay.agent.javacpp..", "org.bytedeco..")
            .because("a JCuda program has no JavaCPP on its class path")
            .check(agent);
    }

    @Test
    void javaCppAdaptersNeverTouchJCudaOrItsAdapters()
    {
        noClasses().that().resideInAPackage("io.gpurelay.agent.javacpp..")
            .should().dependOnClassesThat().resideInAnyPackage("jcuda..", "io.gpurelay.agent.jcuda..")
            .because("a JavaCPP program has no JCuda on its class path")
            .check(agent);
    }
}
