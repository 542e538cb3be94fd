package io.gpurelay.emulator.blas;

/**
 * axpy, dot, nrm2, asum, scal, copy, swap, iamax, iamin and rot.
 * <p>
 * cuBLAS validates no argument of these: measured on cuBLAS 13.1, n &lt; 0 and zero or negative increments all
 * return {@link CublasStatus#SUCCESS}. As in the reference BLAS, n &lt;= 0 does nothing (reductions give 0), a
 * negative increment walks the vector from its highest element, a zero increment reuses one element in loop order,
 * and nrm2, asum, iamax, iamin and scal do nothing (or give 0) for an increment &lt;= 0.
 */
final class Level1Routines
{
    private Level1Routines()
    {
    }

    static int axpy(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final Scalar alpha, final long x, final int incx, final long y, final int incy)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            if (n <= 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            if (alphaValue == 0.0)
            {
                return;
            }
            final DeviceRegion xRegion = call.vector("x", x, n, incx);
            final DeviceRegion yRegion = call.vector("y", y, n, incy);
            final Object xValues = xRegion.read(precision);
            final Object yValues = yRegion.read(precision);
            precision.kernels.axpy(n, alphaValue, xValues, first(n, incx), incx, yValues, first(n, incy), incy);
            yRegion.writeVector(yValues, n, incy);
        });
    }

    static int dot(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final long x, final int incx, final long y, final int incy, final ScalarResult result)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            final long target = call.resultTarget(result, precision.elementSize);
            if (n <= 0)
            {
                call.storeResult(result, target, 0.0);
                return;
            }
            final Object xValues = call.vector("x", x, n, incx).read(precision);
            final Object yValues = call.vector("y", y, n, incy).read(precision);
            call.storeResult(result, target,
                precision.kernels.dot(n, xValues, first(n, incx), incx, yValues, first(n, incy), incy));
        });
    }

    static int nrm2(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final long x, final int incx, final ScalarResult result)
    {
        return reduce(precision, routine, handle, n, x, incx, result, precision.kernels::nrm2);
    }

    static int asum(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final long x, final int incx, final ScalarResult result)
    {
        return reduce(precision, routine, handle, n, x, incx, result, precision.kernels::asum);
    }

    static int iamax(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final long x, final int incx, final ScalarResult result)
    {
        return search(precision, routine, handle, n, x, incx, result, precision.kernels::iamax);
    }

    static int iamin(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final long x, final int incx, final ScalarResult result)
    {
        return search(precision, routine, handle, n, x, incx, result, precision.kernels::iamin);
    }

    /**
     * A vector's reduction to one value (nrm2, asum), 0 when n or incx is not positive.
     */
    private static int reduce(final Precision precision, final String routine, final CublasHandle handle,
        final int n, final long x, final int incx, final ScalarResult result, final Reduction reduction)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            final long target = call.resultTarget(result, precision.elementSize);
            final double value = n <= 0 || incx <= 0 ? 0.0 :
                reduction.of(n, call.vector("x", x, n, incx).read(precision), incx);
            call.storeResult(result, target, value);
        });
    }

    /**
     * A vector's search for a 1-based index (iamax, iamin), 0 when n or incx is not positive.
     */
    private static int search(final Precision precision, final String routine, final CublasHandle handle,
        final int n, final long x, final int incx, final ScalarResult result, final Search search)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            final long target = call.resultTarget(result, Integer.BYTES);
            final int index = n <= 0 || incx <= 0 ? 0 :
                search.of(n, call.vector("x", x, n, incx).read(precision), incx);
            call.storeIndex(result, target, index);
        });
    }

    @FunctionalInterface
    private interface Reduction
    {
        double of(int n, Object x, int incx);
    }

    @FunctionalInterface
    private interface Search
    {
        int of(int n, Object x, int incx);
    }

    static int scal(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final Scalar alpha, final long x, final int incx)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            if (n <= 0 || incx <= 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final DeviceRegion xRegion = call.vector("x", x, n, incx);
            final Object xValues = xRegion.read(precision);
            precision.kernels.scal(n, alphaValue, xValues, incx);
            xRegion.writeVector(xValues, n, incx);
        });
    }

    static int copy(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final long x, final int incx, final long y, final int incy)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            if (n <= 0)
            {
                return;
            }
            final DeviceRegion xRegion = call.vector("x", x, n, incx);
            final DeviceRegion yRegion = call.vector("y", y, n, incy);
            final Object xValues = xRegion.read(precision);
            final Object yValues = yRegion.read(precision);
            precision.kernels.copy(n, xValues, first(n, incx), incx, yValues, first(n, incy), incy);
            yRegion.writeVector(yValues, n, incy);
        });
    }

    static int swap(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final long x, final int incx, final long y, final int incy)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            if (n <= 0)
            {
                return;
            }
            final DeviceRegion xRegion = call.vector("x", x, n, incx);
            final DeviceRegion yRegion = call.vector("y", y, n, incy);
            final Object xValues = xRegion.read(precision);
            final Object yValues = yRegion.read(precision);
            precision.kernels.swap(n, xValues, first(n, incx), incx, yValues, first(n, incy), incy);
            xRegion.writeVector(xValues, n, incx);
            yRegion.writeVector(yValues, n, incy);
        });
    }

    static int rot(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final long x, final int incx, final long y, final int incy, final Scalar c, final Scalar s)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            if (n <= 0)
            {
                return;
            }
            final double cValue = call.scalar("c", c);
            final double sValue = call.scalar("s", s);
            final DeviceRegion xRegion = call.vector("x", x, n, incx);
            final DeviceRegion yRegion = call.vector("y", y, n, incy);
            final Object xValues = xRegion.read(precision);
            final Object yValues = yRegion.read(precision);
            precision.kernels.rot(n, xValues, first(n, incx), incx, yValues, first(n, incy), incy, cValue, sValue);
            xRegion.writeVector(xValues, n, incx);
            yRegion.writeVector(yValues, n, incy);
        });
    }

    /**
     * Where logical element 0 of a vector sits in the region copied from memory: its start, or its far end for a
     * negative increment.
     */
    static int first(final int n, final int inc)
    {
        return inc >= 0 ? 0 : (n - 1) * -inc;
    }
}
