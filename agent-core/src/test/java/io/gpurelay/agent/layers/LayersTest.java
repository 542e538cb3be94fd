package io.gpurelay.agent.layers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering inside agent-core, read from its compiled classes. The module's pom already keeps both bindings out
 * (neither is a dependency, in any scope); what it cannot say is that the core (bootstrap, configuration, log, the
 * instrumentation SPI and the client) also stays below the CUDA logic both bindings share
 * ({@code io.gpurelay.agent.cuda}), and reaches each binding's module only through the service loader; and that the
 * bootstrap package sits on top, imported by none of the core's other packages, with no cycle among them. Each rule
 * fails on an import across the layer, and also when its classes are missing (ArchUnit refuses a rule over none).
 */
class LayersTest
{
    private static final String[] CORE = { "io.gpurelay.agent", "io.gpurelay.agent.config..", "io.gpurelay.agent.log..",
        "io.gpurelay.agent.instrumentation..", "io.gpurelay.agent.client.." };
    private static final String[] BELOW_THE_BOOTSTRAP = { "io.gpurelay.agent.config..", "io.gpurelay.agent.log..",
        "io.gpurelay.agent.instrumentation..", "io.gpurelay.agent.client..", "io.gpurelay.agent.cuda.." };
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
    void theSharedCudaLogicsPackagesAreFreeOfCycles()
    {
        // From the bottom: capture activity, the runtime's calls and thread state, the driver's (which adopt the
        // runtime's primary contexts), the package itself (host memory, the table's calls, pointer attributes), and
        // the libraries' calls (blas, fft, rand, nvrtc) on top.
        slices().matching("io.gpurelay.agent.(cuda..)").should().beFreeOfCycles()
            .because("each package of the shared logic builds on those below it")
            .check(agent);
    }

    @Test
    void nothingBelowTheBootstrapImportsIt()
    {
        noClasses().that().resideInAnyPackage(BELOW_THE_BOOTSTRAP)
            .should().dependOnClassesThat().resideInAPackage("io.gpurelay.agent")
            .because("the bootstrap starts the layers below it; what they share is in .config and .log")
            .check(agent);
    }

    @Test
    void theCoresPackagesAreFreeOfCycles()
    {
        // One slice per package. Not "io.gpurelay.agent.(**)": that needs a subpackage, so the bootstrap package
        // would be in no slice and a cycle through it would pass unseen.
        slices().matching("io.gpurelay.(**)").should().beFreeOfCycles()
            .because("the bootstrap sits on top, the configuration and the log at the bottom")
            .check(agent);
    }
}
