/* record: netif_device_present netif_running; fec_restart is a recording stub */
//@ header
static long long nicsim_present;
static long long nicsim_running;
#define netif_device_present(dev) ((bool)nicsim_present)
#define netif_running(dev) ((bool)nicsim_running)
static void rtnl_lock(void) {
  CALL0("rtnl_lock");
}
static void rtnl_unlock(void) {
  CALL0("rtnl_unlock");
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
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, true);
  nicsim_present = in[0];
  nicsim_running = in[1];
  fec_enet_timeout_work(&nicsim_fep.tx_timeout_work);
}
