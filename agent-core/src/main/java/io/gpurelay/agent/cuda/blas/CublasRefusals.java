package io.gpurelay.agent.cuda.blas;

import java.util.regex.Pattern;

import io.gpurelay.agent.cuda.LibraryRefusals;

/**
 * What cuBLAS functions the emulator does not run, and which ones gpurelay refuses, for JCublas, JCublas2 and
 * JavaCPP's cuBLAS alike.
 */
public final class CublasRefusals implements LibraryRefusals
{
    /** The v2 API's (JCublas2's and JavaCPP's). */
    public static final CublasRefusals V2 = new CublasRefusals();

    private static final Pattern EMULATOR_REAL_V2_ONLY =
        Pattern.compile("cublas[SD](syrkx|gemvBatched|gemvStridedBatched|trsmBatched|getrsBatched|matinvBatched|" +
            "geqrfBatched|gelsBatched)");
    private static final Pattern LOGGER = Pattern.compile("cublasLoggerConfigure|cublas[SG]etLoggerCallback");
    private static final Pattern EMULATOR_BANDED_PACKED_RANK = Pattern.compile(
        "cublas[SDCZ](gbmv|sbmv|hbmv|spmv|hpmv|spr2?|hpr2?|syr2?|her2?|tbmv|tbsv|tpmv|tpsv|syr2k|her2k|rotm)");
    private static final Pattern COMPLEX_ROUTINE = Pattern.compile(
        "cublas[CZ](?!reate$)[a-z0-9]+|cublasI[cz]am(ax|in)|cublasScasum|cublasScnrm2|cublasDzasum|cublasDznrm2");
    private static final Pattern EMULATOR_COMPLEX = Pattern.compile(
        "cublas[CZ](axpy|scal|sscal|dscal|dotu|dotc|gemm|rotg)");

    private CublasRefusals()
    {
    }

    /**
     * @param functionName the v2 function as JCuda names it: without {@code _v2}, and without {@code _64}.
     */
    public String emulatorRefusal(final String functionName)
    {
        if (EMULATOR_REAL_V2_ONLY.matcher(functionName).matches())
        {
            return "the emulator has no syrkx, batched gemv or trsm, or batched getrs, matinv, geqrf or gels";
        }
        return legacyEmulatorRefusal(functionName);
    }

    public String refusalReason(final String functionName)
    {
        return LOGGER.matcher(functionName).matches() ? "cuBLAS's logger runs in the executor's process, where the " +
            "application's callback and log file are not; the agent logs every failed call by name" : null;
    }

    /**
     * Why the emulator does not run a routine the legacy API (JCublas) shares with the v2 API.
     */
    public static String legacyEmulatorRefusal(final String functionName)
    {
        if (EMULATOR_BANDED_PACKED_RANK.matcher(functionName).matches())
        {
            return "the emulator has no banded, packed, rank-update or modified-rotation routines";
        }
        if (COMPLEX_ROUTINE.matcher(functionName).matches() && !EMULATOR_COMPLEX.matcher(functionName).matches())
        {
            return "of the complex routines the emulator has axpy, scal, dotu/dotc and gemm only";
        }
        return null;
    }
}
