package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.gpurelay.it.javacpp.JavaCppSolverProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * JavaCPP's cuSOLVER dense LU and Cholesky solvers ({@code cusolverDn{S,D}getrf}, {@code getrs}, {@code potrf},
 * {@code potrs} and their work sizes, the handle and its stream) through the agent against the emulated executor,
 * over IPC and UDP: the program checks each solution against a Gaussian elimination in Java, the pivots, the infos of
 * a singular and of a not positive definite matrix, and that the rows past n of each column are left alone; then the
 * calls gpurelay refuses with cuSOLVER's status (a forged handle, an A past its allocation, a short workspace,
 * lda &lt; n), after which the session goes on.
 */
class JavaCppSolverIT
{
    /** The lines the program's {@code refusals} argument prints when gpurelay refuses as it should. */
    static final List<String> REFUSALS = List.of(
        "CHECK cusolverDnSgetrf_bufferSize with a handle cusolverDnCreate never gave is " +
            "CUSOLVER_STATUS_NOT_INITIALIZED ok",
        "CHECK cusolverDnSetStream with a handle cusolverDnCreate never gave is CUSOLVER_STATUS_NOT_INITIALIZED ok",
        "CHECK cusolverDnSgetrf_bufferSize (refusals) ok",
        "CHECK cusolverDnSgetrf_bufferSize (refusals) answers a work size ok",
        "CHECK cusolverDnSgetrf of an A past its allocation is CUSOLVER_STATUS_EXECUTION_FAILED ok",
        "CHECK cusolverDnSgetrf after a refusal ok",
        "CHECK cusolverDnSgetrf after a refusal: info is 0 ok",
        "CHECK cusolverDnSgetrf_bufferSize (refusals) asks at least 2 elements ok",
        "CHECK cusolverDnSgetrf with a workspace smaller than its bufferSize is CUSOLVER_STATUS_EXECUTION_FAILED ok",
        "CHECK cusolverDnSgetrf_bufferSize with lda < n is CUSOLVER_STATUS_INVALID_VALUE ok",
        "CHECK cusolverDnSgetrf with lda < n is CUSOLVER_STATUS_INVALID_VALUE ok",
        "CHECK cusolverDnSgetrf after the refusals ok",
        "CHECK cusolverDnSgetrf after the refusals: info is 0 ok",
        "CHECK cusolverDnSgetrs with a pivot past the matrix is CUSOLVER_STATUS_EXECUTION_FAILED ok");

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void denseSolversRunThroughTheAgent(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""), JavaCppSolverProgram.class,
                "refusals");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            final List<String> expected = new ArrayList<>(solverChecks());
            expected.addAll(REFUSALS);
            final Set<String> lines = output.lines().collect(Collectors.toSet());
            for (final String line : expected)
            {
                assertTrue(lines.contains(line), "missing: " + line + "\n" + output);
            }
            assertFalse(output.contains(" FAILED"), output);
            assertFalse(output.contains("UnsatisfiedLinkError"), output);
            assertFalse(output.contains("is not supported by gpurelay"), "every call the program makes is " +
                "remoted:\n" + output);
            executor.process().awaitLine(Pattern.compile("session \\d+ .*client .* pid " + client.pid() + "\\b"),
                Duration.ofSeconds(10));
        }
    }

    /**
     * @return the lines the program prints, without arguments, when every solver call gives cuSOLVER's answers: the
     *         handle and stream, then for S and D the LU solve, the LU without pivots, the Cholesky solves (lower and
     *         upper), the singular and the not positive definite matrices.
     */
    static List<String> solverChecks()
    {
        final List<String> lines = new ArrayList<>(List.of(
            "CHECK cusolverDnCreate ok",
            "CHECK cusolverDnCreate gives a handle ok",
            "CHECK cusolverDnSetStream ok",
            "CHECK cusolverDnGetStream ok",
            "CHECK cusolverDnGetStream answers the stream set ok"));
        for (final String p : List.of("S", "D"))
        {
            final String tolerance = p.equals("S") ? "1e-3" : "1e-10";
            final String getrf = "cusolverDn" + p + "getrf";
            final String potrf = "cusolverDn" + p + "potrf";
            final String potrs = "cusolverDn" + p + "potrs";
            lines.addAll(List.of(
                "CHECK " + getrf + "_bufferSize ok",
                "CHECK " + getrf + "_bufferSize answers a work size ok",
                "CHECK " + getrf + " ok",
                "CHECK " + getrf + "'s info is 0 ok",
                "CHECK " + getrf + "'s pivots are rows 1 to n, row 1 not first (A(0,0) is 0) ok",
                "CHECK " + getrf + " leaves the rows past n alone (lda 40) ok",
                "CHECK cusolverDn" + p + "getrs ok",
                "CHECK cusolverDn" + p + "getrs's info is 0 ok",
                "CHECK cusolverDn" + p + "getrs leaves the rows past n alone (ldb 35) ok",
                "CHECK " + getrf + " and getrs solve AX = B as Java does, within " + tolerance + " ok",
                "CHECK " + getrf + "_bufferSize (no pivoting) ok",
                "CHECK " + getrf + "_bufferSize (no pivoting) answers a work size ok",
                "CHECK " + getrf + " without pivots ok",
                "CHECK " + getrf + " without pivots: info is 0 ok",
                "CHECK " + getrf + " without pivots: L times U is A, within " + tolerance + " ok",
                "CHECK " + getrf + "_bufferSize (singular) ok",
                "CHECK " + getrf + "_bufferSize (singular) answers a work size ok",
                "CHECK " + getrf + " (singular) ok",
                "CHECK " + getrf + " of a matrix whose column 5 is zero: info is 5 ok",
                "CHECK " + potrf + "_bufferSize (not positive definite) ok",
                "CHECK " + potrf + "_bufferSize (not positive definite) answers a work size ok",
                "CHECK " + potrf + " (not positive definite) ok",
                "CHECK " + potrf + " of a matrix whose leading minor of order 6 is not positive definite: " +
                    "info is 6 ok"));
            for (final String mode : List.of("lower", "upper"))
            {
                lines.addAll(List.of(
                    "CHECK " + potrf + "_bufferSize (" + mode + ") ok",
                    "CHECK " + potrf + "_bufferSize (" + mode + ") answers a work size ok",
                    "CHECK " + potrf + " (" + mode + ") ok",
                    "CHECK " + potrf + " (" + mode + "): info is 0 ok",
                    "CHECK " + potrs + " (" + mode + ") ok",
                    "CHECK " + potrs + " (" + mode + "): info is 0 ok",
                    "CHECK " + potrf + " and potrs (" + mode + ") solve AX = B as Java does, within " + tolerance +
                        " ok"));
            }
        }
        lines.addAll(List.of(
            "CHECK cusolverDnSetStream back to the default stream ok",
            "CHECK cusolverDnDestroy ok"));
        return lines;
    }
}
