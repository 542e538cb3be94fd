package io.gpurelay.samples;

/**
 * The sizes of C = A·B: A is m × k, B is k × n, C is m × n.
 */
record MatrixShape(int m, int n, int k)
{
    /**
     * The floating-point operations of the product, one multiply and one add per term: 2·m·n·k.
     */
    double flops()
    {
        return 2.0 * m * n * k;
    }

    public String toString()
    {
        return "m = " + m + ", n = " + n + ", k = " + k;
    }
}
