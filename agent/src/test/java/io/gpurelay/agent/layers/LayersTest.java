package io.gpurelay.agent.layers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The agent's layering, read from its compiled classes: its core (bootstrap, configuration, log, the instrumentation
 * SPI, the client, and the CUDA logic on addresses and handles that both bindings share) knows no binding, and reaches each binding's module only through the service loader; and
 * JavaCPP's adapters never touch JCuda's classes, which a JavaCPP program does not have.
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
                "io.gpurelay.agent.jcuda..", "io.gpurelay.agent.javacpp..", "jcuda..", "org.bytedeco..")
            .because("a binding's module is found by the service loader; the core must load without either binding")
            .check(agent);
    }

    @Test
    void javaCppAdaptersNeverTouchJCudaClasses()
    {
        noClasses().that().resideInAPackage("io.gpurelay.agent.javacpp..")
            .should().dependOnClassesThat().resideInAPackage("jcuda..")
            .because("a JavaCPP program has no JCuda on its class path")
            .check(agent);
    }
}
