/* SPDX-License-Identifier: GPL-2.0-only */
/* Fixture written for port-check's --execute tests: the fictional acme's coalescing registers. */
#ifndef __ACME_REGS_H__
#define __ACME_REGS_H__

#ifdef CONFIG_ACME_LEGACY
#define ACME_RXIC		0x0fff
#define ACME_TICK_NS		1024
#else
#define ACME_RXIC		0x0100	/* RX interrupt coalescing */
#define ACME_TICK_NS		256	/* one timer tick */
#endif

#define ACME_MAX_TICKS		0xffff
#define ACME_RXIC_FRAMES(x)	(((x) & 0xff) << 16)

enum acme_mode {
	ACME_MODE_FAST,
	ACME_MODE_SLOW,
	ACME_MODE_SLOWER,
	ACME_MODE_SLOWEST,
};

#endif /* __ACME_REGS_H__ */
