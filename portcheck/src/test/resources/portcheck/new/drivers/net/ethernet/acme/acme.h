/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef __ACME_H__
#define __ACME_H__

struct acme_priv;

int acme_ring_refill(struct acme_priv *priv, u32 queue);
int acme_legacy_sum();

static inline int acme_ring_space(struct acme_rx_queue *rx_q)
{
	return rx_q->dirty_rx - rx_q->cur_rx - 1;
}

#endif /* __ACME_H__ */
