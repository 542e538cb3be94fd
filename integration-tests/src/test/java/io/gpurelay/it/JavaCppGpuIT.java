package io.gpurelay.it;

import static io.gpurelay.it.JavaCppGpuRuns.RUN;
import static io.gpurelay.it.JavaCppGpuRuns.hash;
import static io.gpurelay.it.JavaCppGpuRuns.local;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.it.javacpp.JavaCppProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The JavaCPP program of {@link JavaCppIT} on the GPU host, twice: locally, on the host's CUDA through the presets'
 * own natives (the executor jar carries them), and through the agent against a gpu executor, with only the presets'
 * Java classes on its class path. Both runs must print the same results bit for bit (SAXPY, sgemm, XORWOW uniforms),
 * and the executor's log must show the program's session and its counters the program's runtime, driver, NVRTC,
 * cuBLAS and cuRAND calls.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class JavaCppGpuIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 480, unit = TimeUnit.SECONDS)
    void theRemoteRunEqualsTheLocalOneAndGoesThroughTheExecutor(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        final String local = hash(local(JavaCppProgram.class, "dump"), "local");
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work, "--metrics-port", "0"))
        {
            final Matcher metrics = executor.process().awaitLine(
                Pattern.compile("serving metrics on (http://127\\.0\\.0\\.1:\\d+/metrics)"), Duration.ofSeconds(60));
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""), JavaCppProgram.class, "dump");
            assertEquals(0, client.awaitExit(RUN), client.output());
            assertEquals(local, hash(client.output(), "remote"), "remote results equal the local run's");
            executor.process().awaitLine(Pattern.compile("session \\d+ .*client .* pid " + client.pid() + "\\b"),
                Duration.ofSeconds(10));
            final PrometheusText scraped = PrometheusText.parse(scrape(URI.create(metrics.group(1))));
            for (final String family : List.of("runtime", "driver", "nvrtc", "cublas", "curand"))
            {
                final Double calls = scraped.value("gpurelay_calls_total{family=\"" + family + "\"}");
                assertTrue(calls != null && calls > 0, "the executor counted " + family + " calls: " + calls);
            }
        }
    }



    /**
     * With java.base only: the distribution's runtime, which runs the GPU tests, has no java.net.http.
     */
    private static String scrape(final URI uri) throws Exception
    {
        final HttpURLConnection connection = (HttpURLConnection)uri.toURL().openConnection();
        connection.setConnectTimeout(10_000);
        connection.setReadTimeout(10_000);
        try (InputStream in = connection.getInputStream())
        {
            assertEquals(200, connection.getResponseCode());
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        finally
        {
            connection.disconnect();
        }
    }
}
