package io.gpurelay.executor.stat;

import java.io.File;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

import io.aeron.CncFileDescriptor;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;

/**
 * The counters of a media driver's CnC file, mapped read-only: what {@code gpurelay stat} reads, as Aeron's own
 * {@code AeronStat} does, without connecting to the driver as a client.
 */
final class CncCounters implements AutoCloseable
{
    private final MappedByteBuffer cnc;
    private final CountersReader reader;

    private CncCounters(final MappedByteBuffer cnc, final CountersReader reader)
    {
        this.cnc = cnc;
        this.reader = reader;
    }

    /**
     * @throws IllegalStateException when no media driver has made a CnC file there, or one of another version.
     */
    static CncCounters map(final String aeronDirectoryName)
    {
        final File file = new File(aeronDirectoryName, CncFileDescriptor.CNC_FILE);
        if (!file.isFile())
        {
            throw new IllegalStateException("no media driver in " + aeronDirectoryName + " (no " +
                CncFileDescriptor.CNC_FILE + "): is the executor running with this --aeron-dir?");
        }
        final MappedByteBuffer cnc = IoUtil.mapExistingFile(file, FileChannel.MapMode.READ_ONLY, "CnC file");
        try
        {
            final UnsafeBuffer metaData = CncFileDescriptor.createMetaDataBuffer(cnc);
            final int version = metaData.getIntVolatile(CncFileDescriptor.cncVersionOffset(0));
            if (version == 0 || !CncFileDescriptor.isCncFileLengthSufficient(metaData, cnc.capacity()))
            {
                throw new IllegalStateException(file + " is not ready yet: the media driver is still starting");
            }
            CncFileDescriptor.checkVersion(version);
            return new CncCounters(cnc, new CountersReader(
                CncFileDescriptor.createCountersMetaDataBuffer(cnc, metaData),
                CncFileDescriptor.createCountersValuesBuffer(cnc, metaData)));
        }
        catch (final RuntimeException ex)
        {
            IoUtil.unmap(cnc);
            throw ex instanceof IllegalStateException ? ex :
                new IllegalStateException("cannot read " + file + ": " + ex.getMessage(), ex);
        }
    }

    CountersReader reader()
    {
        return reader;
    }

    public void close()
    {
        IoUtil.unmap(cnc);
    }
}
