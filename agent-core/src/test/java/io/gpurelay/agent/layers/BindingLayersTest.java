package io.gpurelay.agent.layers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering rules every binding's adapters keep, for the bindings' modules to run over their own classes: the
 * adapters never use the other binding or its adapters (a program of one binding has the other's on its class path
 * no more than the pom lets the module see them), and the adapters' packages are free of cycles. The rules read the
 * compiled classes, and fail as well when the module's classes are missing (ArchUnit refuses a rule over none).
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
}
