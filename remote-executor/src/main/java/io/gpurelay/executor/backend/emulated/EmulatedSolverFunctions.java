package io.gpurelay.executor.backend.emulated;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import io.gpurelay.emulator.solver.CusolverDn;
import io.gpurelay.emulator.solver.CusolverDnHandle;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.LibraryErrors;
import io.gpurelay.executor.backend.TableCall;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CusolverStatus;

/**
 * The cuSOLVER rows of the function table the emulator runs, on the device emulator's reference routines
 * ({@link CusolverDn}): the float and double LU and Cholesky factorisations and solves, their workspace queries,
 * handles and streams. A handle reads and writes the session's memory on the device of the context it was made in;
 * each routine checks its ranges against the session's allocations and answers cuSOLVER's own status, with a message
 * naming the routine and the argument.
 */
final class EmulatedSolverFunctions
{
    @FunctionalInterface
    private interface Routine
    {
        /** @return the cuSOLVER status; {@code lwork} receives a workspace query's answer. */
        int run(CusolverDnHandle handle, TableCall call, int[] lwork);
    }

    private static final Map<String, Routine> ROUTINES = routines();
    /** Every row run here: asked on each emulated cuSOLVER call, so made once. */
    private static final Set<String> NAMES = allNames();
    /** {@code CUSOLVERDN_GETRF} ... {@code CUSOLVERDN_GEQRF}: the functions a params object sets options of. */
    private static final int CUSOLVERDN_FUNCTIONS = 4;
    /** {@code CUSOLVER_ALG_0} ... {@code CUSOLVER_ALG_2}. */
    private static final int ALG_LAST = 2;

    private final EmulatedBackendSession session;

    EmulatedSolverFunctions(final EmulatedBackendSession session)
    {
        this.session = session;
    }

    /**
     * @return the names of the rows run here.
     */
    static Set<String> names()
    {
        return NAMES;
    }

    private static Set<String> allNames()
    {
        final java.util.Set<String> names = new java.util.HashSet<>(ROUTINES.keySet());
        names.add("cusolverGetVersion");
        names.add("cusolverDnCreate");
        names.add("cusolverDnDestroy");
        names.add("cusolverDnSetStream");
        names.add("cusolverDnCreateParams");
        names.add("cusolverDnDestroyParams");
        names.add("cusolverDnSetAdvOptions");
        return java.util.Collections.unmodifiableSet(names);
    }

    void call(final TableCall call, final CallResult result)
    {
        final String name = call.row().name();
        switch (name)
        {
            case "cusolverGetVersion" -> result.value(CusolverDnHandle.VERSION);
            case "cusolverDnCreate" ->
            {
                final int device = ((EmulatedContext)call.context()).device();
                call.made(CusolverDnHandle.create(session.deviceMemory(device), session.owner(device)));
            }
            case "cusolverDnDestroy" -> check(((CusolverDnHandle)call.object(0)).destroy(), null, name, result);
            // The 64-bit API's options: kept, though the emulator runs none of that API's routines.
            case "cusolverDnCreateParams" -> call.made(new int[CUSOLVERDN_FUNCTIONS]);
            case "cusolverDnDestroyParams" ->
            {
            }
            case "cusolverDnSetAdvOptions" ->
            {
                final long function = call.scalar(1);
                final long algorithm = call.scalar(2);
                if (function < 0 || function >= CUSOLVERDN_FUNCTIONS || algorithm < 0 || algorithm > ALG_LAST)
                {
                    result.fail(LibraryErrors.of(Api.CUSOLVER, CusolverStatus.INVALID_VALUE), name + ": function " +
                        function + " with algorithm " + algorithm + " is no cusolverDnFunction_t and cusolverAlgMode_t");
                    return;
                }
                ((int[])call.object(0))[(int)function] = (int)algorithm;
            }
            case "cusolverDnSetStream" ->
            {
                final Object stream = call.object(1);
                final CusolverDnHandle handle = (CusolverDnHandle)call.object(0);
                check(handle.setStream(stream == null ? 0 : System.identityHashCode(stream)), handle, name, result);
            }
            default ->
            {
                final Routine routine = ROUTINES.get(name);
                final CusolverDnHandle handle = (CusolverDnHandle)call.object(0);
                final int[] lwork = new int[1];
                if (check(routine.run(handle, call, lwork), handle, name, result) && name.endsWith("_bufferSize"))
                {
                    result.value(lwork[0]);
                }
            }
        }
    }

    private static boolean check(final int status, final CusolverDnHandle handle, final String name,
        final CallResult result)
    {
        if (status == CusolverStatus.SUCCESS)
        {
            return true;
        }
        final String message = handle == null ? null : handle.lastErrorMessage();
        result.fail(LibraryErrors.of(Api.CUSOLVER, status), message != null ? message :
            name + " returned " + CusolverStatus.name(status));
        return false;
    }

    private static int i(final TableCall call, final int argument)
    {
        return (int)call.scalar(argument);
    }

    private static long p(final TableCall call, final int argument)
    {
        return call.scalar(argument);
    }

    private static Map<String, Routine> routines()
    {
        final Map<String, Routine> map = new HashMap<>();
        // handle, m, n, A, lda, Lwork
        map.put("cusolverDnSgetrf_bufferSize", (h, c, w) -> CusolverDn.sgetrfBufferSize(h, i(c, 1), i(c, 2), p(c, 3),
            i(c, 4), w));
        map.put("cusolverDnDgetrf_bufferSize", (h, c, w) -> CusolverDn.dgetrfBufferSize(h, i(c, 1), i(c, 2), p(c, 3),
            i(c, 4), w));
        // handle, m, n, A, lda, Workspace, devIpiv, devInfo
        map.put("cusolverDnSgetrf", (h, c, w) -> CusolverDn.sgetrf(h, i(c, 1), i(c, 2), p(c, 3), i(c, 4), p(c, 5),
            p(c, 6), p(c, 7)));
        map.put("cusolverDnDgetrf", (h, c, w) -> CusolverDn.dgetrf(h, i(c, 1), i(c, 2), p(c, 3), i(c, 4), p(c, 5),
            p(c, 6), p(c, 7)));
        // handle, trans, n, nrhs, A, lda, devIpiv, B, ldb, devInfo
        map.put("cusolverDnSgetrs", (h, c, w) -> CusolverDn.sgetrs(h, i(c, 1), i(c, 2), i(c, 3), p(c, 4), i(c, 5),
            p(c, 6), p(c, 7), i(c, 8), p(c, 9)));
        map.put("cusolverDnDgetrs", (h, c, w) -> CusolverDn.dgetrs(h, i(c, 1), i(c, 2), i(c, 3), p(c, 4), i(c, 5),
            p(c, 6), p(c, 7), i(c, 8), p(c, 9)));
        // handle, uplo, n, A, lda, Lwork
        map.put("cusolverDnSpotrf_bufferSize", (h, c, w) -> CusolverDn.spotrfBufferSize(h, i(c, 1), i(c, 2), p(c, 3),
            i(c, 4), w));
        map.put("cusolverDnDpotrf_bufferSize", (h, c, w) -> CusolverDn.dpotrfBufferSize(h, i(c, 1), i(c, 2), p(c, 3),
            i(c, 4), w));
        // handle, uplo, n, A, lda, Workspace, Lwork, devInfo
        map.put("cusolverDnSpotrf", (h, c, w) -> CusolverDn.spotrf(h, i(c, 1), i(c, 2), p(c, 3), i(c, 4), p(c, 5),
            i(c, 6), p(c, 7)));
        map.put("cusolverDnDpotrf", (h, c, w) -> CusolverDn.dpotrf(h, i(c, 1), i(c, 2), p(c, 3), i(c, 4), p(c, 5),
            i(c, 6), p(c, 7)));
        // handle, uplo, n, nrhs, A, lda, B, ldb, devInfo
        map.put("cusolverDnSpotrs", (h, c, w) -> CusolverDn.spotrs(h, i(c, 1), i(c, 2), i(c, 3), p(c, 4), i(c, 5),
            p(c, 6), i(c, 7), p(c, 8)));
        map.put("cusolverDnDpotrs", (h, c, w) -> CusolverDn.dpotrs(h, i(c, 1), i(c, 2), i(c, 3), p(c, 4), i(c, 5),
            p(c, 6), i(c, 7), p(c, 8)));
        return map;
    }
}
