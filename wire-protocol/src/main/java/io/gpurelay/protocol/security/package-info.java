/**
 * The handshake and the sealing of a session: each side's half of the X25519 exchange keyed by the executor's token
 * (HKDF-SHA256 over a transcript of everything both sides said), the session keys it yields, and the AES-256-GCM
 * sealer and opener that number every message of a UDP session and drop forged and replayed ones, with a crew of
 * threads that seals and opens the segments of a large message side by side.
 */
package io.gpurelay.protocol.security;
