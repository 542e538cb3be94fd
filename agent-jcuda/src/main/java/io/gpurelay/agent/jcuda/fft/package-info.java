/**
 * JCuda's cuFFT binding, {@code JCufft}: its module and remote implementation.
 */
package io.gpurelay.agent.jcuda.fft;
