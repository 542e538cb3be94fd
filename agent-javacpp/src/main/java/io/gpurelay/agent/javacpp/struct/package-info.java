/**
 * The presets' struct classes without their native library: their natives get Java bodies that read and write the C
 * layout in plain memory.
 */
package io.gpurelay.agent.javacpp.struct;
