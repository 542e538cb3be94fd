/**
 * Build-time generators: Java sources made from the project's descriptions (the library status codes, the
 * emulator's {@code *.java.in} templates, the function table) during {@code generate-sources}, so that each
 * description is read once, by the build, and never at run time.
 */
package io.gpurelay.codegen;
