/*
 * record: budget napi_complete_done, then per pass k (4): rx_done ievent_after
 * fec_enet_rx and fec_enet_tx are recording stubs: pass k's fec_enet_rx returns rx_done reduced
 * into 0..budget (what it may return) and leaves IEVENT as ievent_after; from pass 4 on it
 * returns 0 and leaves IEVENT 0, so the loop ends. In the loop (NICSIM_IN_LOOP) the record holds
 * NICSIM_PASSES passes: a live poll may make more than 4.
 */
//@ header
#ifdef NICSIM_IN_LOOP
#define NICSIM_PASSES 64
#else
#define NICSIM_PASSES 4
#endif
static long long nicsim_rx_done[NICSIM_PASSES];
static long long nicsim_ievent_after[NICSIM_PASSES];
static int nicsim_pass;
static int fec_enet_rx(struct net_device *ndev, int budget) {
  int k = nicsim_pass++;
  CALL1("fec_enet_rx", budget);
  long long done = k < NICSIM_PASSES ? nicsim_rx_done[k] % ((long long)budget + 1) : 0;
  nicsim_mmio_regs[FEC_IEVENT >> 2] = k < NICSIM_PASSES ? (u32)nicsim_ievent_after[k] : 0;
  return (int)done;
}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
static void fec_enet_tx(struct net_device *ndev, int budget) {
  CALL1("fec_enet_tx", budget);
}
#else
static void fec_enet_tx(struct net_device *ndev) {
  CALL0("fec_enet_tx");
}
#endif
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, false);
  nicsim_pass = 0;
  int budget = (int)in[0];
  nicsim_ans_complete_done = in[1];
  for (int k = 0; k < NICSIM_PASSES; k++) {
    nicsim_rx_done[k] = in[2 + 2 * k];
    nicsim_ievent_after[k] = in[3 + 2 * k];
  }
  OUT("ret", fec_enet_rx_napi(&nicsim_fep.napi, budget));
}
