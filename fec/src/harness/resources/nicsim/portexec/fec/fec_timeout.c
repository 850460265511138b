/* record: tx_errors (ndev->stats before) */
//@ header
static void fec_dump(struct net_device *ndev) {
  CALL0("fec_dump");
}
static bool schedule_work(struct work_struct *work) {
  CALL0("schedule_work");
  return true;
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, true);
  nicsim_ndev.stats.tx_errors = (unsigned long)in[0];
  fec_timeout(&nicsim_ndev, 0);
  OUTU("tx_errors", nicsim_ndev.stats.tx_errors);
}
