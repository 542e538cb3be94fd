/**
 * The emulated backend: the same calls run on the built-in device emulator, so that everything can be tested without a
 * GPU.
 */
package io.gpurelay.executor.backend.emulated;
