package io.gpurelay.executor.backend;

/**
 * What a backend freed when a session or a device of it was reset: reported in the session's closing log line.
 */
public record ReleasedResources(int allocations, long bytes)
{
    public static final ReleasedResources NONE = new ReleasedResources(0, 0);

    public ReleasedResources plus(final ReleasedResources other)
    {
        return new ReleasedResources(allocations + other.allocations, bytes + other.bytes);
    }
}
