// Device malloc: one thread takes a block of the given size from the device heap, writes its first and last byte,
// reads them back and frees it; ok[0] is 1 when the block was had, 0 when malloc gave NULL.
extern "C" __global__ void device_heap(unsigned long long bytes, int* ok)
{
    char* block = (char*)malloc(bytes);
    if (block == 0)
    {
        ok[0] = 0;
        return;
    }
    block[0] = 7;
    block[bytes - 1] = 9;
    ok[0] = block[0] + block[bytes - 1] == 16 ? 1 : 2;
    free(block);
}
