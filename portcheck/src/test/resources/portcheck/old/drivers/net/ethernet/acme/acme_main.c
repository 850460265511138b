// SPDX-License-Identifier: GPL-2.0-only
/*
 * acme: a made-up Ethernet driver used as a test fixture for nicsim port-check.
 * Nothing here is kernel code; it only has the kernel's shapes. { unbalanced brace in a comment
 */
#include <linux/netdevice.h>
#include "acme.h"

#define ACME_TX_TIMER_US	1000
#define ACME_RING_MASK(x)	((x) - 1)
#define ACME_INIT_STATS { .packets = 0, .bytes = 0 }

static void acme_tx_timer_arm(struct acme_priv *priv, u32 queue);
static int acme_irq(int irq, void *data);

/* acme_tx_timer_arm(priv, 0) { is mentioned here too, but this is a comment } */
static const char *acme_banner = "acme_tx_timer_arm(priv, q) { not code }";

static int acme_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct acme_priv *priv = netdev_priv(dev);
	u32 queue = skb_get_queue_mapping(skb);

	acme_fill_desc(priv, skb);
	acme_tx_timer_arm(priv, queue);
	return NETDEV_TX_OK;
}

static void acme_tx_timer_arm(struct acme_priv *priv, u32 queue)
{
	struct acme_tx_queue *tx_q = &priv->tx_queue[queue];
	u32 tx_coal_timer = priv->tx_coal_timer[queue];

	if (!tx_coal_timer)
		return;

	if (napi_is_scheduled(&tx_q->napi))
		hrtimer_try_to_cancel(&tx_q->txtimer);
	else
		hrtimer_start(&tx_q->txtimer, us_to_ktime(tx_coal_timer),
			      HRTIMER_MODE_REL);
}

static int acme_tx_clean(struct acme_priv *priv, int budget, u32 queue)
{
	struct acme_tx_queue *tx_q = &priv->tx_queue[queue];
	unsigned int entry = tx_q->dirty_tx, count = 0;
	char open = '{', close = '}', quote = '\'', dq = '"';

	/* a closing brace in a comment: } and another one } */
	while (entry != tx_q->cur_tx && count < budget) {
		struct acme_desc *p = &tx_q->dma_tx[entry];	// { unbalanced in a line comment

		if (acme_desc_owned(p))
			break;
#ifdef CONFIG_ACME_DEBUG
		netdev_dbg(priv->dev, "clean %u: \"{\" done }\n", entry);
#endif
#define ACME_BRACE_IN_MACRO {
		if (p->status & ACME_ERR) {
			priv->xstats.tx_err++;
		} else {
			priv->xstats.tx_ok++;
		}
		entry = (entry + 1) & ACME_RING_MASK(priv->dma_tx_size);
		count++;
	}
	tx_q->dirty_tx = entry;
	(void)open; (void)close; (void)quote; (void)dq;
	return count;
}

static inline __always_inline int __must_check
acme_poll(struct napi_struct *napi,
	  int budget) __acquires(napi_lock)
{
	struct acme_channel *ch = container_of(napi, struct acme_channel, napi);
	int work_done;

	work_done = acme_rx(ch->priv, budget, ch->index);
	if (work_done < budget && napi_complete_done(napi, work_done)) {
		unsigned long flags;

		spin_lock_irqsave(&ch->lock, flags);
		acme_enable_irq(ch->priv, ch->index);
		spin_unlock_irqrestore(&ch->lock, flags);
	}
	return work_done;
}

static bool
acme_set_ic(struct acme_priv *priv, u32 tx_packets, u32 frames)
{
	if (!frames)
		return false;
	return (tx_packets % frames) == 0;
}

int
acme_legacy_sum(a, b)
	int a;
	char *b;
{
	return a + b[0];
}

#ifdef CONFIG_ACME_MSI
static int acme_irq(int irq, void *data)
{
	struct acme_priv *priv = data;

	return acme_msi_handle(priv, irq);
}
#else
static int acme_irq(int irq, void *data)
{
	struct acme_priv *priv = data;

	return acme_legacy_handle(priv);
}
#endif

static void acme_old_reset(struct acme_priv *priv)
{
	writel(1, priv->ioaddr + ACME_RESET);
}

static void acme_get_stats(struct acme_priv *priv, struct acme_stats *s)
{
	struct acme_stats zero = ACME_INIT_STATS;

	*s = priv->counters.packets ? priv->counters : zero;
}

static void acme_get_stats64(struct acme_priv *priv, struct rtnl_link_stats64 *s)
{
	s->tx_packets = priv->counters.packets;
	s->tx_bytes = priv->counters.bytes;
}

static int acme_open(struct net_device *dev)
{
	struct acme_priv *priv = netdev_priv(dev);
	int ret;

	ret = acme_hw_init(priv);
#if IS_ENABLED(CONFIG_ACME_PHYLINK)
	if (ret == 0 && priv->phylink) {
		ret = phylink_start(priv->phylink);
#else
	if (ret == 0) {
		ret = acme_phy_start(priv);
#endif
		if (ret)
			acme_hw_stop(priv);
	}
	return ret;
}

static const struct net_device_ops acme_netdev_ops = {
	.ndo_open = acme_open,
	.ndo_start_xmit = acme_xmit,
};

EXPORT_SYMBOL_GPL(acme_tx_timer_arm);
