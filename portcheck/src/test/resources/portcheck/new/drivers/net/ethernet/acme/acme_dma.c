// SPDX-License-Identifier: GPL-2.0-only
/* acme DMA and ring helpers (test fixture); acme_ring.c was folded in here */
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

void acme_dma_start(struct acme_priv *priv)
{
	writel(ACME_DMA_EN, priv->ioaddr + ACME_DMA_CTRL);
}
