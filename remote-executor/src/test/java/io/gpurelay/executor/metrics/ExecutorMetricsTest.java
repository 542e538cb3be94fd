package io.gpurelay.executor.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ExecutorMetricsTest
{
    @Test
    void countersOfTheExecutorThatAreNotKnownByTypeAreNamedAfterTheirLabel()
    {
        assertEquals("gpurelay_workers_started", ExecutorMetrics.metricName("workers started"));
        assertEquals("gpurelay_workers_crashed_by_signal", ExecutorMetrics.metricName("Workers crashed (by signal)"));
    }
}
