// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fixture written for port-check's edge tests: acme's hold timer and its credit limit. Each
 * decision has an edge random inputs almost never reach: a time comparison that wraps when the
 * times lie 2^63 apart, and a limit only a function of the driver can compute.
 */
#include "acme_regs.h"

#define acme_after(a, b)	((long)((b) - (a)) < 0)
#define ACME_HOLD_GRACE		7	/* ticks the hold may overrun */

struct acme_hold {
	unsigned long start;
	unsigned int hold;
	unsigned int credit;
};

static unsigned int acme_credit_limit(unsigned int scale)
{
	if (scale > 3)
		return 0;
	return 0xffffffffu / (scale + 1) - 977;
}

/* 1 once the hold has run out (the times compared as jiffies are) */
int acme_hold_expired(const struct acme_hold *h, unsigned long now)
{
	if (acme_after(now, h->start + h->hold + ACME_HOLD_GRACE))
		return 1;
	return 0;
}

/* the credit taken, or 0 beyond the limit */
unsigned int acme_take_credit(struct acme_hold *h, unsigned int credit)
{
	if (credit > acme_credit_limit(1))
		return 0;
	h->credit += credit;
	return credit;
}

/* ticks per credit unit: the caller never passes a zero rate */
unsigned int acme_credit_ticks(unsigned int credit, unsigned int rate)
{
	return credit / rate;
}

/* rounds a credit to an odd count: an even start never ends (the caller never gives one) */
unsigned int acme_credit_odd(unsigned int credit)
{
	while (credit % 1000 != 999)
		credit += 2;
	return credit;
}
