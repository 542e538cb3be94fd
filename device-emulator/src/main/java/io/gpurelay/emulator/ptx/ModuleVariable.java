package io.gpurelay.emulator.ptx;

/**
 * A module-level {@code .global} ({@code __device__}) or {@code .const} ({@code __constant__}) variable.
 *
 * @param initialBytes the bytes the variable starts with, zeros where it has no initializer. Addresses of other
 *                     variables in an initializer ({@code generic(x)}) are patched in when the module is instantiated.
 */
public record ModuleVariable(String name, Space space, long size, int alignment, byte[] initialBytes)
{
    public enum Space
    {
        GLOBAL, CONST
    }

    public ModuleVariable
    {
        initialBytes = initialBytes.clone();
    }

    public byte[] initialBytes()
    {
        return initialBytes.clone();
    }
}
