package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.DeviceSelectionProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's device selection of an unmodified JCuda program against an emulated executor of two devices:
 * cudaSetValidDevices decides the device of a thread that has not chosen one, cudaChooseDevice answers the list's
 * first of equal devices, cudaInitDevice applies device flags without making the device current, and bad devices,
 * lengths and flags answer CUDA's errors ({@link DeviceSelectionProgram} checks the results).
 */
class DeviceSelectionIT
{
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void validDevicesChooseAndInitialiseAsCudaDoes(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--devices", "2"))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), DeviceSelectionProgram.class);
            final String output = Client.assertPassed(client, Duration.ofSeconds(120));
            System.out.println(output);
            ExpectedCalls.assertPrinted(output, """
                FN cudaGetDeviceCount/ status=0 2
                FN cudaSetValidDevices/too-many status=1
                FN cudaSetValidDevices/no-such-device status=101
                FN cudaSetValidDevices/last status=0
                FN cudaMalloc/in-a-thread-after-the-list status=0 1 1
                FN cudaSetValidDevices/reset status=0
                FN cudaMalloc/in-a-thread-after-the-reset status=0 0
                FN cudaChooseDevice/among-the-list status=0 1
                FN cudaInitDevice/no-such-device status=101
                FN cudaInitDevice/bad-flags status=0
                FN cudaInitDevice/last-with-flags status=0
                FN cudaGetDevice/after-cudaInitDevice status=0 0
                FN cudaGetDeviceFlags/last status=0 4
                FN cudaInitDevice/without-flags status=0
                FN cudaDeviceCanAccessPeer/0-to-1 status=0 0
                FN cudaDeviceGetP2PAttribute/access-supported-0-to-1 status=0 0
                FN cudaDeviceGetP2PAttribute/native-atomics-1-to-0 status=0 0
                """);
            assertTrue(output.contains("cudaSetValidDevices: device 2 does not exist (2 devices)"), output);
        }
    }
}
