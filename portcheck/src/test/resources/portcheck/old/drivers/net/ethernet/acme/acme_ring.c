// SPDX-License-Identifier: GPL-2.0-only
/* acme ring helpers (test fixture) */
#include "acme.h"

int acme_ring_refill(struct acme_priv *priv, u32 queue)
{
	struct acme_rx_queue *rx_q = &priv->rx_queue[queue];
	int filled = 0;

	while (acme_ring_space(rx_q) > 0) {
		if (acme_alloc_buf(rx_q, rx_q->cur_rx))
			break;
		rx_q->cur_rx = (rx_q->cur_rx + 1) % priv->dma_rx_size;
		filled++;
	}
	return filled;
}
