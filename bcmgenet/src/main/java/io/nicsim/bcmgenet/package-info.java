/**
 * The Broadcom GENET (bcmgenet) MAC model: GENET v5 as on BCM2711 (Raspberry Pi 4), the ported
 * driver paths that decide interrupts (rings, NAPI polls, ISR, ethtool coalescing) and its use
 * of lib/dim for adaptive RX moderation. Depends on core only.
 */
package io.nicsim.bcmgenet;
