package io.gpurelay.emulator.solver;

import io.gpurelay.emulator.blas.ElementType;

/**
 * The S or D entry point of each routine for a test's element type, so that one test covers both.
 */
final class Solvers
{
    private Solvers()
    {
    }

    private static boolean single(final ElementType type)
    {
        return type == ElementType.SINGLE;
    }

    static int getrfBufferSize(final ElementType t, final CusolverDnHandle h, final int m, final int n, final long a,
        final int lda, final int[] lwork)
    {
        return single(t) ? CusolverDn.sgetrfBufferSize(h, m, n, a, lda, lwork) :
            CusolverDn.dgetrfBufferSize(h, m, n, a, lda, lwork);
    }

    static int getrf(final ElementType t, final CusolverDnHandle h, final int m, final int n, final long a,
        final int lda, final long workspace, final long ipiv, final long info)
    {
        return single(t) ? CusolverDn.sgetrf(h, m, n, a, lda, workspace, ipiv, info) :
            CusolverDn.dgetrf(h, m, n, a, lda, workspace, ipiv, info);
    }

    static int getrs(final ElementType t, final CusolverDnHandle h, final int trans, final int n, final int nrhs,
        final long a, final int lda, final long ipiv, final long b, final int ldb, final long info)
    {
        return single(t) ? CusolverDn.sgetrs(h, trans, n, nrhs, a, lda, ipiv, b, ldb, info) :
            CusolverDn.dgetrs(h, trans, n, nrhs, a, lda, ipiv, b, ldb, info);
    }

    static int potrfBufferSize(final ElementType t, final CusolverDnHandle h, final int uplo, final int n,
        final long a, final int lda, final int[] lwork)
    {
        return single(t) ? CusolverDn.spotrfBufferSize(h, uplo, n, a, lda, lwork) :
            CusolverDn.dpotrfBufferSize(h, uplo, n, a, lda, lwork);
    }

    static int potrf(final ElementType t, final CusolverDnHandle h, final int uplo, final int n, final long a,
        final int lda, final long workspace, final int lwork, final long info)
    {
        return single(t) ? CusolverDn.spotrf(h, uplo, n, a, lda, workspace, lwork, info) :
            CusolverDn.dpotrf(h, uplo, n, a, lda, workspace, lwork, info);
    }

    static int potrs(final ElementType t, final CusolverDnHandle h, final int uplo, final int n, final int nrhs,
        final long a, final int lda, final long b, final int ldb, final long info)
    {
        return single(t) ? CusolverDn.spotrs(h, uplo, n, nrhs, a, lda, b, ldb, info) :
            CusolverDn.dpotrs(h, uplo, n, nrhs, a, lda, b, ldb, info);
    }
}
