/**
 * The emulator's reference transforms for cuFFT: unnormalised discrete Fourier transforms of any length, and
 * multi-dimensional complex-to-complex, real-to-complex and complex-to-real transforms of dense row-major arrays, laid
 * out as cuFFT lays out its results.
 */
package io.gpurelay.emulator.fft;
