/**
 * NVRTC logic both bindings share: programs, their compilation and their outputs as they travel.
 */
package io.gpurelay.agent.cuda.nvrtc;
