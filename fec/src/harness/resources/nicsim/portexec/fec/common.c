/*
 * fec coalescing harnesses: nicsim's own C (no kernel text). The functions, fec.h's register
 * offsets, FEC_ITR_* and FEC_QUIRK_* and the ethtool structs come from the tree; this gives
 * struct fec_enet_private the fields the coalescing path reads, a net_device whose private
 * area it is, and the register file behind writel (nicsim_kernel.h records every write).
 *
 * Record layout (FecHarnesses.FEP_FIELDS): has_coalesce has_multi_queues itr_clk_rate
 * rx_time_itr rx_pkts_itr tx_time_itr tx_pkts_itr
 */
//@ prelude
/* the i.MX8 SoCs nicsim models: arm64, fec.h's ARM register layout */
#define CONFIG_ARM64 1
//@ header
struct platform_device {
  struct device dev;
};

struct fec_enet_private {
  void __iomem *hwp;
  struct platform_device *pdev;
  u32 quirks;
  unsigned int rx_pkts_itr;
  unsigned int rx_time_itr;
  unsigned int tx_pkts_itr;
  unsigned int tx_time_itr;
  unsigned int itr_clk_rate;
};

struct net_device {
  struct fec_enet_private *priv;
};

static inline void *netdev_priv(const struct net_device *dev) {
  return dev->priv;
}

static struct platform_device nicsim_pdev;
static struct fec_enet_private nicsim_fep;
static struct net_device nicsim_ndev = {.priv = &nicsim_fep};

#define NICSIM_FEP_FIELDS 7

static struct net_device *nicsim_fep_set(const long long *in) {
  memset(&nicsim_fep, 0, sizeof nicsim_fep);
  nicsim_fep.hwp = nicsim_mmio;
  nicsim_fep.pdev = &nicsim_pdev;
  nicsim_fep.quirks = (in[0] ? FEC_QUIRK_HAS_COALESCE : 0)
      | (in[1] ? FEC_QUIRK_HAS_MULTI_QUEUES : 0);
  nicsim_fep.itr_clk_rate = (unsigned int)in[2];
  nicsim_fep.rx_time_itr = (unsigned int)in[3];
  nicsim_fep.rx_pkts_itr = (unsigned int)in[4];
  nicsim_fep.tx_time_itr = (unsigned int)in[5];
  nicsim_fep.tx_pkts_itr = (unsigned int)in[6];
  return &nicsim_ndev;
}

static void nicsim_fep_put(void) {
  OUTU("rx_time_itr", nicsim_fep.rx_time_itr);
  OUTU("rx_pkts_itr", nicsim_fep.rx_pkts_itr);
  OUTU("tx_time_itr", nicsim_fep.tx_time_itr);
  OUTU("tx_pkts_itr", nicsim_fep.tx_pkts_itr);
}

static void nicsim_ec_put(const struct ethtool_coalesce *ec) {
  OUTU("ec.rx_coalesce_usecs", ec->rx_coalesce_usecs);
  OUTU("ec.rx_max_coalesced_frames", ec->rx_max_coalesced_frames);
  OUTU("ec.tx_coalesce_usecs", ec->tx_coalesce_usecs);
  OUTU("ec.tx_max_coalesced_frames", ec->tx_max_coalesced_frames);
}
