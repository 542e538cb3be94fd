package io.gpurelay.registry;

/**
 * One device of an executor as the pool knows it.
 *
 * @param ordinal    the device's number on its executor.
 * @param totalBytes its memory, or -1 when the executor cannot tell.
 * @param freeBytes  its memory no session holds, or -1 when the executor cannot tell.
 */
public record DeviceReport(int ordinal, long totalBytes, long freeBytes)
{
}
