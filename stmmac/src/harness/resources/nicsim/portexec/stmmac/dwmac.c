/*
 * dwmac register-level harnesses: nicsim's own C (no kernel text). The functions come from the
 * tree (dwmac_lib.c, dwmac4_lib.c, enh_desc.c with descs_com.h, dwmac4_descs.c) with their
 * headers' register offsets and bits; this file gives the structs they touch (the descriptor
 * words, the plat's dwmac4_addrs, the extra statistics and the per-CPU normal-interrupt counts)
 * and a register file behind readl/writel (nicsim_kernel.h: reads answer from the record,
 * writes are recorded as writel(offset,value)). NICSIM_DWMAC picks the function.
 *
 * Records:
 *  0 dwmac_enable_dma_transmission: chan
 *  1 dwmac4_set_tx_tail_ptr: tail_ptr, chan, addrs present, addrs->dma_chan,
 *    addrs->dma_chan_offset
 *  2 dwmac_dma_interrupt: chan, dir, the status word (at DMA_STATUS and at the channel's
 *    DMA_STATUS + chan * 0x100), DMA_INTR_ENA
 *  3 dwmac4_dma_interrupt: chan, dir, DMA_CHAN_STATUS, DMA_CHAN_INTR_ENA, addrs present,
 *    addrs->dma_chan, addrs->dma_chan_offset (registers at the channel base + 0x60 / + 0x34,
 *    the base addrs->dma_chan + chan * dma_chan_offset, or 0x1100 + chan * 0x80)
 *  4 enh_desc_init_rx_desc, 6 dwmac4_rd_init_rx_desc: des0..des3, disable_rx_ic, mode, end,
 *    bfsize
 *  5 enh_desc_set_rx_owner, 7 dwmac4_set_rx_owner: des0..des3, disable_rx_ic
 * Output: the return value (interrupts), every counter the function may write, the descriptor
 * words after the call, and the register writes in order.
 */
//@ prelude
#define cpu_to_le32(x) ((__le32)(x))
#define le32_to_cpu(x) ((u32)(x))
#define FIELD_PREP(mask, val) \
  ((__typeof__(mask))(((unsigned long long)(val) << __builtin_ctzll(mask)) & (mask)))
#define GENMASK(h, l) (((~0UL) - (1UL << (l)) + 1) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define this_cpu_ptr(p) (p)
#define __percpu
//@ header
struct dma_desc {
  __le32 des0;
  __le32 des1;
  __le32 des2;
  __le32 des3;
};

struct dwmac4_addrs {
  u32 dma_chan;
  u32 dma_chan_offset;
};

struct plat_stmmacenet_data {
  const struct dwmac4_addrs *dwmac4_addrs;
};

typedef struct {
  u64 v;
} u64_stats_t;
struct u64_stats_sync {
  int unused;
};
#define u64_stats_update_begin(s) ((void)0)
#define u64_stats_update_end(s) ((void)0)
#define u64_stats_inc(p) ((p)->v++)

#define NICSIM_DWMAC_QUEUES 8
struct stmmac_pcpu_stats {
  struct u64_stats_sync syncp;
  u64_stats_t rx_normal_irq_n[NICSIM_DWMAC_QUEUES];
  u64_stats_t tx_normal_irq_n[NICSIM_DWMAC_QUEUES];
};

struct stmmac_extra_stats {
  unsigned long tx_undeflow_irq;
  unsigned long tx_jabber_irq;
  unsigned long rx_overflow_irq;
  unsigned long rx_buf_unav_irq;
  unsigned long rx_process_stopped_irq;
  unsigned long rx_watchdog_irq;
  unsigned long tx_early_irq;
  unsigned long tx_process_stopped_irq;
  unsigned long fatal_bus_error_irq;
  unsigned long rx_early_irq;
  struct stmmac_pcpu_stats *pcpu_stats;
};

struct stmmac_priv {
  struct plat_stmmacenet_data *plat;
  struct stmmac_extra_stats xstats;
};

static struct stmmac_priv nicsim_priv;
static struct plat_stmmacenet_data nicsim_plat;
static struct dwmac4_addrs nicsim_addrs;
static struct stmmac_pcpu_stats nicsim_pcpu;

static void nicsim_reg_set(u32 off, u32 v) {
  if (off < (u32)sizeof nicsim_mmio) {
    nicsim_mmio_regs[off >> 2] = v;
  }
}

static void nicsim_dwmac_reset(void) {
  memset(nicsim_mmio_regs, 0, sizeof nicsim_mmio_regs);
  memset(&nicsim_priv, 0, sizeof nicsim_priv);
  memset(&nicsim_pcpu, 0, sizeof nicsim_pcpu);
  nicsim_plat.dwmac4_addrs = NULL;
  nicsim_priv.plat = &nicsim_plat;
  nicsim_priv.xstats.pcpu_stats = &nicsim_pcpu;
}

static void nicsim_xstats_put(void) {
  struct stmmac_extra_stats *x = &nicsim_priv.xstats;
  OUTU("tx_undeflow_irq", x->tx_undeflow_irq);
  OUTU("tx_jabber_irq", x->tx_jabber_irq);
  OUTU("rx_overflow_irq", x->rx_overflow_irq);
  OUTU("rx_buf_unav_irq", x->rx_buf_unav_irq);
  OUTU("rx_process_stopped_irq", x->rx_process_stopped_irq);
  OUTU("rx_watchdog_irq", x->rx_watchdog_irq);
  OUTU("tx_early_irq", x->tx_early_irq);
  OUTU("tx_process_stopped_irq", x->tx_process_stopped_irq);
  OUTU("fatal_bus_error_irq", x->fatal_bus_error_irq);
  OUTU("rx_early_irq", x->rx_early_irq);
  for (int q = 0; q < NICSIM_DWMAC_QUEUES; q++) {
    OUTU("rx_normal_irq_n", nicsim_pcpu.rx_normal_irq_n[q].v);
    OUTU("tx_normal_irq_n", nicsim_pcpu.tx_normal_irq_n[q].v);
  }
}

static void nicsim_desc_set(struct dma_desc *p, const long long *in) {
  p->des0 = (u32)in[0];
  p->des1 = (u32)in[1];
  p->des2 = (u32)in[2];
  p->des3 = (u32)in[3];
}

static void nicsim_desc_put(const struct dma_desc *p) {
  OUTU("des0", p->des0);
  OUTU("des1", p->des1);
  OUTU("des2", p->des2);
  OUTU("des3", p->des3);
}

static void nicsim_addrs_set(long long present, long long chan, long long offset) {
  if (present) {
    nicsim_addrs.dma_chan = (u32)chan;
    nicsim_addrs.dma_chan_offset = (u32)offset;
    nicsim_plat.dwmac4_addrs = &nicsim_addrs;
  }
}

/* the channel register base as dwmac4_dma.h places it (nicsim's own arithmetic) */
static u32 nicsim_chan_base(long long present, u32 chan) {
  return present ? nicsim_addrs.dma_chan + chan * nicsim_addrs.dma_chan_offset
                 : 0x1100u + chan * 0x80u;
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_dwmac_reset();
#if NICSIM_DWMAC == 0
#ifdef DMA_CHAN_XMT_POLL_DEMAND
  dwmac_enable_dma_transmission(nicsim_mmio, (u32)in[0]);
#else
  dwmac_enable_dma_transmission(nicsim_mmio);
#endif
#elif NICSIM_DWMAC == 1
  nicsim_addrs_set(in[2], in[3], in[4]);
  dwmac4_set_tx_tail_ptr(&nicsim_priv, nicsim_mmio, (u32)in[0], (u32)in[1]);
#elif NICSIM_DWMAC == 2
  u32 chan = (u32)in[0];
  nicsim_reg_set(0x1014, (u32)in[2]);
  nicsim_reg_set(0x1014 + chan * 0x100, (u32)in[2]);
  nicsim_reg_set(0x101c, (u32)in[3]);
  OUT("ret", dwmac_dma_interrupt(&nicsim_priv, nicsim_mmio, &nicsim_priv.xstats, chan,
                                 (u32)in[1]));
  nicsim_xstats_put();
#elif NICSIM_DWMAC == 3
  u32 chan = (u32)in[0];
  nicsim_addrs_set(in[4], in[5], in[6]);
  u32 base = nicsim_chan_base(in[4], chan);
  nicsim_reg_set(base + 0x34, (u32)in[3]);
  nicsim_reg_set(base + 0x60, (u32)in[2]);
  OUT("ret", dwmac4_dma_interrupt(&nicsim_priv, nicsim_mmio, &nicsim_priv.xstats, chan,
                                  (u32)in[1]));
  nicsim_xstats_put();
#elif NICSIM_DWMAC == 4 || NICSIM_DWMAC == 6
  struct dma_desc d;
  nicsim_desc_set(&d, in);
#if NICSIM_DWMAC == 4
  enh_desc_init_rx_desc(&d, (int)in[4], (int)in[5], (int)in[6], (int)in[7]);
#else
  dwmac4_rd_init_rx_desc(&d, (int)in[4], (int)in[5], (int)in[6], (int)in[7]);
#endif
  nicsim_desc_put(&d);
#else
  struct dma_desc d;
  nicsim_desc_set(&d, in);
#if NICSIM_DWMAC == 5
  enh_desc_set_rx_owner(&d, (int)in[4]);
#else
  dwmac4_set_rx_owner(&d, (int)in[4]);
#endif
  nicsim_desc_put(&d);
#endif
}
