/**
 * The one encoder of the described cuRAND, cuFFT and NVRTC functions ({@link io.gpurelay.protocol.describe}), which
 * both bindings call with their own argument readers.
 */
package io.gpurelay.agent.cuda.library;
