/**
 * cuFFT logic both bindings share: plans and executions as they travel, and the library's version.
 */
package io.gpurelay.agent.cuda.fft;
