/**
 * The emulator's cuBLAS: one method per cuBLAS v2 entry point it runs (the level 1, 2 and 3 routines in single and
 * double precision, the batched ones, gemmEx and a few complex ones) over device addresses of the emulated memory,
 * each checking every range it reads or writes before it computes and answering with cuBLAS's status, so that the
 * executor's emulated backend answers as cuBLAS does.
 */
package io.gpurelay.emulator.blas;
