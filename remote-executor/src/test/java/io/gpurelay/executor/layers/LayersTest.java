package io.gpurelay.executor.layers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The executor's layering, read from its compiled classes: a backend (the gpu backend, the emulator, and the
 * interfaces they implement) depends on nothing of the executor above it, so it can be tested and replaced alone.
 */
class LayersTest
{
    private static JavaClasses executor;

    @BeforeAll
    static void importTheExecutor()
    {
        executor = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.gpurelay.executor");
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
}
