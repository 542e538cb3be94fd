// Parameters of mixed sizes and alignments, including a by-value struct; the kernel writes them back out.
struct Triple
{
    float x;
    float y;
    float z;
};

struct __align__(16) Wide
{
    double d;
    int k;
};

extern "C" __global__ void mixed_params(char c, double d, short s, Triple t, int k, Wide w, unsigned char u,
                                        long long big, double* out)
{
    out[0] = (double)c;
    out[1] = d;
    out[2] = (double)s;
    out[3] = (double)t.x;
    out[4] = (double)t.y;
    out[5] = (double)t.z;
    out[6] = (double)k;
    out[7] = w.d;
    out[8] = (double)w.k;
    out[9] = (double)u;
    out[10] = (double)big;
}
