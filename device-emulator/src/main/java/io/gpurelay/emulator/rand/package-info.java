/**
 * The emulator's cuRAND host API: generators (XORWOW, MRG32k3a and Philox) seeded and laid out as cuRAND lays them
 * out, generating integers and uniform, normal, log-normal and Poisson values into emulated device memory with
 * cuRAND's statuses, so that for a given seed, offset and ordering a program mostly gets cuRAND's own sequence (the
 * generators' classes say where, and how exactly, it does).
 */
package io.gpurelay.emulator.rand;
