/**
 * The class-load-time rewriting (Byte Buddy): the module SPI each binding implements (in {@code agent-jcuda} and
 * {@code agent-javacpp}, each listing its modules in its own {@code META-INF/services}) and the service loader finds,
 * the table of which natives are remoted, by hand or by a function-table row, or refused, the bodies given to them, and
 * the null checks JCuda's JNI code makes, from one description. Part of the core ({@code agent-core}): it names no
 * binding.
 */
package io.gpurelay.agent.instrumentation;
