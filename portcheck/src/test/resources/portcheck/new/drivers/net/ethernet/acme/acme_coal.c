// SPDX-License-Identifier: GPL-2.0-only
/* Fixture written for port-check's --execute tests: acme's interrupt coalescing. */
#include "acme_regs.h"

EXPORT_SYMBOL(acme_set_coalesce);

static const u16 acme_tick_scale[] = { 1, 2, 4, 8 };

static inline u32 acme_round_up(u32 n, u32 d)
{
	return (n + d - 1) / d;
}

/* usecs to timer ticks: the product wraps in 32 bits, as the hardware's driver lets it */
static u32 acme_usecs_to_ticks(u32 usecs, enum acme_mode mode)
{
	u32 ticks = acme_round_up(usecs * 1000,
				  ACME_TICK_NS * acme_tick_scale[mode & 3]);

	if (ticks > ACME_MAX_TICKS)
		return ACME_MAX_TICKS;
	return ticks;
}

int acme_set_coalesce(struct acme_priv *priv, u32 usecs, u32 frames)
{
	if (frames > 255) {
		netdev_err(priv->ndev, "rx-frames %u out of range\n", frames);
		return -EINVAL;
	}

	priv->rx_usecs = usecs;
	priv->rx_frames = frames;
	writel(acme_usecs_to_ticks(usecs, priv->mode) | ACME_RXIC_FRAMES(frames),
	       priv->base + ACME_RXIC);
	return 0;
}
