/**
 * The function table: one row per plain CUDA function that gpurelay remotes without hand-written code, naming its
 * binding, the context it runs in, its stream order and each argument's role, so that the agent encodes and the
 * executor decodes every such call from its row alone; sizes of the device ranges a function touches are expressions
 * of its scalar arguments. The rows are generated at build time from {@code src/main/table/gpurelay-functions.txt}
 * ({@code StandardFunctionTable}, checked by the {@code codegen} module), so nothing parses the table at run time.
 */
package io.gpurelay.protocol.table;
