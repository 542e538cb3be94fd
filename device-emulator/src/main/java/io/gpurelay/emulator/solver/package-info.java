/**
 * The emulator's cuSOLVER dense subset (cusolverDn): the LU factorisation and solve (getrf, getrs) and the Cholesky
 * factorisation and solve (potrf, potrs) in single and double precision, with their workspace queries, over device
 * addresses of the emulated memory. Like the emulated cuBLAS, each routine validates its arguments as cuSOLVER does,
 * checks every range it reads or writes against the owner's live allocations before it computes, and answers with
 * cuSOLVER's own status ({@link io.gpurelay.emulator.solver.CusolverStatus}), never with an exception, so that an
 * executor without a GPU answers as cuSOLVER would.
 */
package io.gpurelay.emulator.solver;
