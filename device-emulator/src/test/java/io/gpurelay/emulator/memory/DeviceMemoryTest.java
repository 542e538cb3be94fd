package io.gpurelay.emulator.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DeviceMemoryTest
{
    private static final long BASE = 0x7000_0000_0000L;
    private final Object owner = new Object();
    private final Object stranger = new Object();

    @Test
    void allocationsAreAlignedZeroedAndOwned()
    {
        try (DeviceMemory memory = new DeviceMemory(1 << 20, BASE))
        {
            final Allocation first = memory.allocate(100, owner);
            final Allocation second = memory.allocate(100, owner);
            assertEquals(0, first.deviceAddress() % DeviceMemory.ALIGNMENT);
            assertNotEquals(first.deviceAddress(), second.deviceAddress());
            final byte[] bytes = new byte[100];
            memory.read(first.deviceAddress(), bytes, 0, 100, owner);
            assertArrayEquals(new byte[100], bytes);
            assertNull(memory.find(first.deviceAddress(), 4, stranger), "another owner sees nothing");
            assertEquals(512, memory.used());
        }
    }

    @Test
    void mappedHostMemoryIsTheHostsBytesAndIsNeverFreedHere()
    {
        final long host = UnsafeAccess.UNSAFE.allocateMemory(8192);
        UnsafeAccess.UNSAFE.putByte(host + 10, (byte)5);
        try (DeviceMemory memory = new DeviceMemory(4096, BASE))
        {
            final Allocation mapped = memory.mapHost(host, 8192, owner);
            assertTrue(mapped.isMappedHostMemory());
            assertEquals(0, memory.used(), "host memory is not device memory");
            final byte[] read = new byte[1];
            memory.read(mapped.deviceAddress() + 10, read, 0, 1, owner);
            assertEquals(5, read[0], "not zeroed: the host's bytes");
            memory.write(mapped.deviceAddress() + 11, new byte[]{ 6 }, 0, 1, owner);
            assertEquals(6, UnsafeAccess.UNSAFE.getByte(host + 11), "a device write lands in host memory");
            assertNull(memory.find(mapped.deviceAddress(), 1, stranger), "another owner sees nothing");
            memory.free(mapped.deviceAddress(), owner);
            assertEquals(0, memory.used());
            assertThrows(DeviceMemoryException.class,
                () -> memory.read(mapped.deviceAddress(), read, 0, 1, owner), "unmapped");
            assertEquals(6, UnsafeAccess.UNSAFE.getByte(host + 11), "the host memory is still the host's");
        }
        finally
        {
            UnsafeAccess.UNSAFE.freeMemory(host);
        }
    }

    @Test
    void rangesOutsideALiveAllocationAreRefused()
    {
        try (DeviceMemory memory = new DeviceMemory(1 << 20, BASE))
        {
            final long address = memory.allocate(64, owner).deviceAddress();
            memory.write(address, new byte[64], 0, 64, owner);
            final DeviceMemoryException past = assertThrows(DeviceMemoryException.class,
                () -> memory.write(address + 1, new byte[64], 0, 64, owner));
            assertEquals(DeviceMemoryException.Kind.OUT_OF_BOUNDS, past.kind());
            assertThrows(DeviceMemoryException.class, () -> memory.fill(address, 17, 4, 0, owner));
            assertThrows(DeviceMemoryException.class, () -> memory.free(address, stranger));
            memory.free(address, owner);
            final DeviceMemoryException stale = assertThrows(DeviceMemoryException.class,
                () -> memory.read(address, new byte[4], 0, 4, owner));
            assertEquals(DeviceMemoryException.Kind.OUT_OF_BOUNDS, stale.kind());
            assertEquals(0, memory.used());
        }
    }

    @Test
    void addressesAreNeverReusedSoStalePointersNeverAlias()
    {
        try (DeviceMemory memory = new DeviceMemory(1 << 20, BASE))
        {
            final long first = memory.allocate(256, owner).deviceAddress();
            memory.free(first, owner);
            final long second = memory.allocate(256, owner).deviceAddress();
            assertTrue(second > first);
            assertNull(memory.find(first, 1, owner));
        }
    }

    @Test
    void capacityAndAddressSpaceAreEnforced()
    {
        try (DeviceMemory memory = new DeviceMemory(4096, BASE))
        {
            final DeviceMemoryException full = assertThrows(DeviceMemoryException.class,
                () -> memory.allocate(8192, owner));
            assertEquals(DeviceMemoryException.Kind.OUT_OF_MEMORY, full.kind());
            memory.allocate(4096, owner);
            assertEquals(2, memory.freeAll(owner).size() + 1);
        }
        assertThrows(IllegalArgumentException.class,
            () -> new DeviceMemory(4096, DeviceMemory.HIGHEST_DEVICE_ADDRESS - DeviceMemory.ADDRESS_SPAN / 2));
    }

    @Test
    void aLargeAllocationIsZeroedOnlyWhereItIsTouchedAndReadsZerosEverywhere()
    {
        final long size = 1L << 30;
        try (DeviceMemory memory = new DeviceMemory(size, BASE))
        {
            final Allocation all = memory.allocate(size, owner);
            assertEquals(0, all.touchedBytes(), "nothing is touched by allocating");

            final long middle = all.deviceAddress() + size / 2 - 2;
            memory.write(middle, new byte[]{ 1, 2, 3, 4 }, 0, 4, owner);
            final byte[] read = new byte[8];
            memory.read(middle - 2, read, 0, 8, owner);
            assertArrayEquals(new byte[]{ 0, 0, 1, 2, 3, 4, 0, 0 }, read);
            assertEquals(2 * Allocation.PAGE_SIZE, all.touchedBytes(), "a write across a page boundary zeroes two");

            final byte[] end = new byte[4096];
            memory.read(all.end() - end.length, end, 0, end.length, owner);
            assertArrayEquals(new byte[4096], end);
            memory.fill(all.deviceAddress(), 16, 4, -1, owner);
            final byte[] head = new byte[72];
            memory.read(all.deviceAddress(), head, 0, head.length, owner);
            for (int i = 0; i < head.length; i++)
            {
                assertEquals(i < 64 ? -1 : 0, head[i], "byte " + i);
            }
            assertEquals(4 * Allocation.PAGE_SIZE, all.touchedBytes());
        }
    }

    @Test
    void theLastPageOfALargeAllocationIsZeroedWithinTheAllocation()
    {
        final long size = (5L << 20) + 12_345;
        try (DeviceMemory memory = new DeviceMemory(64L << 20, BASE))
        {
            final Allocation guard = memory.allocate(size, owner);
            final Allocation neighbour = memory.allocate(4096, owner);
            memory.fill(neighbour.deviceAddress(), 4096, 1, 0x5A, owner);

            final byte[] end = new byte[100];
            memory.read(guard.end() - end.length, end, 0, end.length, owner);

            assertArrayEquals(new byte[100], end);
            final byte[] untouched = new byte[4096];
            memory.read(neighbour.deviceAddress(), untouched, 0, untouched.length, owner);
            for (final byte b : untouched)
            {
                assertEquals(0x5A, b);
            }
        }
    }

    @Test
    void aStartingOffsetMovesTheFirstAddressWithinTheSpan()
    {
        final long offset = 1L << 32;
        try (DeviceMemory memory = new DeviceMemory(1 << 20, BASE, offset))
        {
            assertEquals(BASE + offset, memory.allocate(256, owner).deviceAddress());
        }
        assertThrows(IllegalArgumentException.class, () -> new DeviceMemory(4096, BASE, DeviceMemory.ADDRESS_SPAN / 2));
    }

    // Virtual memory management: reserved addresses and memory mapped at an address of them.

    @Test
    void aReservationIsNeverHandedOutAndAMappingAtItShowsTheBackingBytes()
    {
        try (DeviceMemory memory = new DeviceMemory(8L << 20, BASE))
        {
            final Object physicalOwner = new Object();
            final long granule = 2L << 20;
            final long reserved = memory.reserveAddresses(2 * granule, granule);
            assertEquals(0, reserved % granule, "aligned as asked");
            assertEquals(0, memory.used(), "a reservation uses no capacity");
            final Allocation after = memory.allocate(4096, owner);
            assertTrue(after.deviceAddress() >= reserved + 2 * granule, "nothing is allocated inside a reservation");

            final Allocation backing = memory.allocate(granule, physicalOwner);
            assertNull(memory.find(backing.deviceAddress(), 1, owner), "the backing store is not the owner's");
            final long host = backing.hostAddress(backing.deviceAddress(), granule);
            final Allocation first = memory.mapAt(reserved, host, granule, owner);
            final Allocation second = memory.mapAt(reserved + granule, host, granule, owner);
            memory.write(reserved + 100, new byte[]{ 7, 8, 9 }, 0, 3, owner);
            final byte[] read = new byte[3];
            memory.read(reserved + granule + 100, read, 0, 3, owner);
            assertArrayEquals(new byte[]{ 7, 8, 9 }, read, "two mappings of one allocation show the same bytes");
            assertEquals(4096 + granule, memory.used(), "mappings use no capacity of their own");
            assertNull(memory.find(reserved, 1, stranger), "another owner sees nothing");
            assertThrows(DeviceMemoryException.class, () -> memory.mapAt(reserved + 4096, host, 4096, owner),
                "a mapping over a mapping");

            memory.free(first.deviceAddress(), owner);
            memory.free(second.deviceAddress(), owner);
            assertNull(memory.find(reserved, 1, owner), "unmapped");
            assertEquals(7, UnsafeAccess.UNSAFE.getByte(host + 100), "unmapping leaves the backing store");
            memory.free(backing.deviceAddress(), physicalOwner);
            assertEquals(4096, memory.used());
        }
    }
}
