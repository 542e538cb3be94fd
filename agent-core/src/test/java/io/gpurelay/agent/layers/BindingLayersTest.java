package io.gpurelay.agent.layers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering rules every binding's adapters keep, for each binding's module to run over its own classes and
 * agent-core's: the adapters never use the other binding or its adapters, their packages are free of cycles, they do
 * not import the bootstrap package, and the whole agent as the module sees it has no package cycle. The rules read
 * the compiled classes, and fail as well when the module's classes are missing (ArchUnit refuses a rule over none).
 */
public abstract class BindingLayersTest
{
    private static JavaClasses agent;

    private final String adapters;
    private final String[] otherBinding;
    private final String otherBindingReason;
    private final String cyclesReason;

    /**
     * @param adapters           the adapters' package under {@code io.gpurelay.agent} ({@code jcuda}).
     * @param otherBindingReason why they must not use the other binding.
     * @param cyclesReason       why their packages must not need each other both ways.
     * @param otherBinding       the packages of the other binding and its adapters.
     */
    protected BindingLayersTest(final String adapters, final String otherBindingReason, final String cyclesReason,
        final String... otherBinding)
    {
        this.adapters = adapters;
        this.otherBinding = otherBinding;
        this.otherBindingReason = otherBindingReason;
        this.cyclesReason = cyclesReason;
    }

    @BeforeAll
    static void importTheAgent()
    {
        agent = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar")) // agent-core's test helpers, when a jar
            .importPackages("io.gpurelay.agent");
    }

    @Test
    void theAdaptersNeverTouchTheOtherBinding()
    {
        noClasses().that().resideInAPackage("io.gpurelay.agent." + adapters + "..")
            .should().dependOnClassesThat().resideInAnyPackage(otherBinding)
            .because(otherBindingReason)
            .check(agent);
    }

    @Test
    void theAdaptersPackagesAreFreeOfCycles()
    {
        slices().matching("io.gpurelay.agent.(" + adapters + "..)").should().beFreeOfCycles()
            .because(cyclesReason)
            .check(agent);
    }

    @Test
    void theAdaptersDoNotImportTheBootstrap()
    {
        noClasses().that().resideInAPackage("io.gpurelay.agent." + adapters + "..")
            .should().dependOnClassesThat().resideInAPackage("io.gpurelay.agent")
            .because("the bootstrap starts the bindings' modules; what they share is in .config and .log")
            .check(agent);
    }

    @Test
    void theWholeAgentIsFreeOfCycles()
    {
        // This module's classes and agent-core's, from the class path, so that a cycle across the two modules would
        // show. None can form (agent-core's pom has no binding), but the rule says it of the whole agent. One slice
        // per package: "io.gpurelay.agent.(**)" would leave the bootstrap package out.
        assertTrue(agent.containPackage("io.gpurelay.agent.client"), "agent-core's classes were not imported");
        slices().matching("io.gpurelay.(**)").should().beFreeOfCycles()
            .because("the bootstrap sits on top, the configuration and the log at the bottom, the binding on the core")
            .check(agent);
    }
}
