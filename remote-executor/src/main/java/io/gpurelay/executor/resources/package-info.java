/**
 * What a session holds: its handle tables ({@code SessionResources}, {@code HandleKind}), its device memory quota,
 * pinned host memory and transfer region in shared memory, and the receive budget that all sessions share.
 */
package io.gpurelay.executor.resources;
