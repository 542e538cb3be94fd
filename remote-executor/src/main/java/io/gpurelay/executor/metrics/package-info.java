/**
 * The Prometheus endpoint ({@code --metrics-port}): the executor's counters read at each scrape.
 */
package io.gpurelay.executor.metrics;
