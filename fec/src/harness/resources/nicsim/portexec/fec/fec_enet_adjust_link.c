/*
 * record: netif_running netif_device_present quirks link full_duplex speed phy.link
 *   phy.duplex phy.speed phy.enable_tx_lpi phy.tx_lpi_timer
 * fec_restart, fec_stop, fec_enet_eee_mode_set, phy_print_status and the netif/NAPI calls are
 * recording stubs.
 */
//@ header
static long long nicsim_running;
static long long nicsim_present;
#define netif_running(dev) ((bool)nicsim_running)
#define netif_device_present(dev) ((bool)nicsim_present)
static void netif_stop_queue(struct net_device *dev) {
  CALL0("netif_stop_queue");
}
static void napi_disable(struct napi_struct *n) {
  CALL0("napi_disable");
}
static void napi_enable(struct napi_struct *n) {
  CALL0("napi_enable");
}
static void netif_tx_lock_bh(struct net_device *dev) {
  CALL0("netif_tx_lock_bh");
}
static void netif_tx_unlock_bh(struct net_device *dev) {
  CALL0("netif_tx_unlock_bh");
}
static void netif_tx_wake_all_queues(struct net_device *dev) {
  CALL0("netif_tx_wake_all_queues");
}
static void fec_restart(struct net_device *ndev) {
  CALL0("fec_restart");
}
static void fec_stop(struct net_device *ndev) {
  CALL0("fec_stop");
}
static void phy_print_status(struct phy_device *phydev) {
  CALL0("phy_print_status");
}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 14, 0)
static int fec_enet_eee_mode_set(struct net_device *ndev, u32 lpi_timer, bool enable) {
  CALL2("fec_enet_eee_mode_set", lpi_timer, enable);
  return 0;
}
#else
static int fec_enet_eee_mode_set(struct net_device *ndev, bool enable) {
  CALL1("fec_enet_eee_mode_set", enable);
  return 0;
}
#endif
//@ driver
static struct phy_device nicsim_phy;
static void nicsim_run(const long long *in) {
  nicsim_fep_set((u32)in[2], true);
  nicsim_running = in[0];
  nicsim_present = in[1];
  nicsim_fep.link = (int)in[3];
  nicsim_fep.full_duplex = (int)in[4];
  nicsim_fep.speed = (int)in[5];
  memset(&nicsim_phy, 0, sizeof nicsim_phy);
  nicsim_phy.link = (int)in[6];
  nicsim_phy.duplex = (int)in[7];
  nicsim_phy.speed = (int)in[8];
  nicsim_phy.enable_tx_lpi = in[9] != 0;
  nicsim_phy.eee_cfg.tx_lpi_timer = (u32)in[10];
  nicsim_ndev.phydev = &nicsim_phy;
  fec_enet_adjust_link(&nicsim_ndev);
  OUT("link", nicsim_fep.link);
  OUT("full_duplex", nicsim_fep.full_duplex);
  OUT("speed", nicsim_fep.speed);
}
