package io.gpurelay.executor.layers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The executor's layering, read from its compiled classes. Dependencies run one way: the command line, then the
 * executor's control, the supervisor of worker processes and the worker, sessions, the dispatch of calls and the
 * settings, what sessions hold, counters and the log, and at the bottom the backends (the gpu backend, the emulator
 * and the interfaces they implement), which depend on nothing of the executor above them so that they can be tested
 * and replaced alone. No two packages depend on each other, at any depth.
 */
class LayersTest
{
    private static final String EXECUTOR = "io.gpurelay.executor";

    private static JavaClasses executor;

    @BeforeAll
    static void importTheExecutor()
    {
        executor = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(EXECUTOR);
    }

    @Test
    void backendsImportNothingAboveThem()
    {
        noClasses().that().resideInAPackage("io.gpurelay.executor.backend..")
            .should().dependOnClassesThat().resideOutsideOfPackages(
                "io.gpurelay.executor.backend..", "io.gpurelay.protocol..", "io.gpurelay.emulator..",
                "io.gpurelay.driver..", "org.bytedeco..", "org.agrona..", "io.aeron..", "java..", "javax..",
                "jdk..", "sun..")
            .because("a backend is the bottom layer: it sees the wire protocol and its libraries, not the executor")
            .check(executor);
    }

    @Test
    void noTwoPackagesOfTheExecutorDependOnEachOther()
    {
        slices().matching("io.gpurelay.executor.(*)..").should().beFreeOfCycles().check(executor);
    }

    @Test
    void noTwoPackagesDependOnEachOtherAtAnyDepth()
    {
        slices().matching("io.gpurelay.executor.(**)").should().beFreeOfCycles().check(executor);
    }

    @Test
    void everyClassLivesInALayer()
    {
        classes().that().resideInAPackage(EXECUTOR).should().haveSimpleName("package-info")
            .allowEmptyShould(true)
            .because("the executor's root package only describes its layers")
            .check(executor);
    }

    @Test
    void dependenciesRunDownTheLayers()
    {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("cli").definedBy(EXECUTOR + ".cli..")
            .layer("control").definedBy(EXECUTOR + ".control..")
            .layer("metrics").definedBy(EXECUTOR + ".metrics..")
            .layer("stat").definedBy(EXECUTOR + ".stat..")
            .layer("isolation").definedBy(EXECUTOR + ".isolation..")
            .layer("worker").definedBy(EXECUTOR + ".worker..")
            .layer("session").definedBy(EXECUTOR + ".session..")
            .layer("config").definedBy(EXECUTOR + ".config..")
            .layer("dispatch").definedBy(EXECUTOR + ".dispatch..")
            .layer("resources").definedBy(EXECUTOR + ".resources..")
            .layer("counters").definedBy(EXECUTOR + ".counters..")
            .layer("log").definedBy(EXECUTOR + ".log..")
            .layer("backend").definedBy(EXECUTOR + ".backend..")

            .whereLayer("cli").mayNotBeAccessedByAnyLayer()
            .whereLayer("control").mayOnlyBeAccessedByLayers("cli")
            .whereLayer("metrics").mayOnlyBeAccessedByLayers("control")
            .whereLayer("stat").mayOnlyBeAccessedByLayers("cli", "control", "metrics")
            .whereLayer("isolation").mayOnlyBeAccessedByLayers("cli", "control")
            .whereLayer("worker").mayOnlyBeAccessedByLayers("cli", "control", "isolation")
            .whereLayer("session").mayOnlyBeAccessedByLayers("control", "isolation", "worker")
            .whereLayer("dispatch").mayOnlyBeAccessedByLayers("session")
            .whereLayer("config").mayOnlyBeAccessedByLayers(
                "cli", "control", "stat", "isolation", "worker", "session")
            .whereLayer("resources").mayOnlyBeAccessedByLayers(
                "control", "isolation", "worker", "session", "config", "dispatch")
            .whereLayer("counters").mayOnlyBeAccessedByLayers(
                "cli", "control", "metrics", "stat", "isolation", "worker", "session")
            .whereLayer("log").mayOnlyBeAccessedByLayers(
                "cli", "control", "metrics", "stat", "isolation", "worker", "session", "config", "dispatch",
                "resources", "counters")
            .because("each layer uses only those below it, so that a lower one builds, tests and reads alone")
            .check(executor);
    }
}
