/*
 * record: quirks bufdesc_ex link mtu full_duplex phy_speed RACC csum_enabled phy_interface
 *   has_phydev phydev.speed phydev.pause pause_flag rgmii_txc_dly rgmii_rxc_dly num_rx_queues
 *   num_tx_queues rx_frame_size max_buf_size rx_time_itr rx_pkts_itr tx_time_itr tx_pkts_itr
 *   itr_clk_rate dev_addr[0..5]
 * fec_enet_bd_init, set_multicast_list, the PTP helpers, fec_enet_reset_skb and udelay are
 * recording stubs; fec_ctrl_reset, fec_set_hw_mac_addr, fec_enet_enable_ring,
 * fec_enet_active_rxring and fec_enet_itr_coal_set run as the tree's C. Ring i's bd.dma is
 * 0x10000000 + i * 0x1000 (RX) and 0x20000000 + i * 0x1000 (TX).
 */
//@ header
static void udelay(unsigned long usecs) {
  CALL1("udelay", usecs);
}
static void fec_enet_bd_init(struct net_device *dev) {
  CALL0("fec_enet_bd_init");
}
static void fec_enet_reset_skb(struct net_device *ndev) {
  CALL0("fec_enet_reset_skb");
}
static void set_multicast_list(struct net_device *ndev) {
  CALL0("set_multicast_list");
}
static void fec_ptp_save_state(struct fec_enet_private *fep) {
  CALL0("fec_ptp_save_state");
}
static int fec_ptp_restore_state(struct fec_enet_private *fep) {
  CALL0("fec_ptp_restore_state");
  return 0;
}
static void fec_ptp_start_cyclecounter(struct net_device *ndev) {
  CALL0("fec_ptp_start_cyclecounter");
}
/* fec_restart (6.1, 6.12) copies the six address bytes into a u32[2]: the last two bytes are
 * whatever the stack held. The driver paints the stack below its frame with zeroes first, so
 * they read as 0 (the hardware's TYPE field they land in is read-only). */
static noinline void nicsim_paint_stack(void) {
  volatile unsigned char paint[8192];
  for (size_t i = 0; i < sizeof paint; i++) {
    paint[i] = 0;
  }
}
//@ driver
static unsigned char nicsim_dev_addr[ETH_ALEN];
static struct phy_device nicsim_phy;
static void nicsim_run(const long long *in) {
  nicsim_fep_set((u32)in[0], in[1] != 0);
  nicsim_fep.link = (int)in[2];
  nicsim_ndev.mtu = (unsigned int)in[3];
  nicsim_fep.full_duplex = (int)in[4];
  nicsim_fep.phy_speed = (u32)in[5];
  nicsim_mmio_regs[FEC_RACC >> 2] = (u32)in[6];
  nicsim_fep.csum_flags = in[7] ? FLAG_RX_CSUM_ENABLED : 0;
  nicsim_fep.phy_interface = (phy_interface_t)in[8];
  memset(&nicsim_phy, 0, sizeof nicsim_phy);
  nicsim_phy.speed = (int)in[10];
  nicsim_phy.pause = (int)in[11];
  nicsim_ndev.phydev = in[9] ? &nicsim_phy : NULL;
  nicsim_fep.pause_flag = (int)in[12];
  nicsim_fep.rgmii_txc_dly = (u32)in[13];
  nicsim_fep.rgmii_rxc_dly = (u32)in[14];
  nicsim_fep.num_rx_queues = (int)in[15];
  nicsim_fep.num_tx_queues = (int)in[16];
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
  nicsim_fep.rx_frame_size = (unsigned int)in[17];
  nicsim_fep.max_buf_size = (unsigned int)in[18];
#endif
  nicsim_fep.rx_time_itr = (unsigned int)in[19];
  nicsim_fep.rx_pkts_itr = (unsigned int)in[20];
  nicsim_fep.tx_time_itr = (unsigned int)in[21];
  nicsim_fep.tx_pkts_itr = (unsigned int)in[22];
  nicsim_fep.itr_clk_rate = (unsigned int)in[23];
  for (int i = 0; i < ETH_ALEN; i++) {
    nicsim_dev_addr[i] = (unsigned char)in[24 + i];
  }
  nicsim_ndev.dev_addr = nicsim_dev_addr;
  for (int q = 0; q < 3; q++) {
    nicsim_fep.rx_queue[q] = &nicsim_rxqs[q];
    nicsim_rxqs[q].bd.dma = 0x10000000 + q * 0x1000;
    nicsim_rxqs[q].bd.reg_desc_active = nicsim_mmio
        + (q == 0 ? FEC_R_DES_ACTIVE_0 : q == 1 ? FEC_R_DES_ACTIVE_1 : FEC_R_DES_ACTIVE_2);
    nicsim_fep.tx_queue[q] = &nicsim_txqs[q];
    nicsim_txqs[q].bd.dma = 0x20000000 + q * 0x1000;
  }
  nicsim_paint_stack();
  fec_restart(&nicsim_ndev);
}
