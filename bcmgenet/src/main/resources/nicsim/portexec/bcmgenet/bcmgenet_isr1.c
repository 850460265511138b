/* record: INTRL2_1 CPU_STAT, CPU_MASK_STATUS, napi_schedule_prep's answers for RX ring 0's and
 * TX ring 0's NAPI, rx_rings[0].dim.event_ctr */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  nicsim_intrl2_set((u32)in[0], (u32)in[1]);
  nicsim_ans_prep[0] = in[2] != 0;
  nicsim_ans_prep[1] = in[3] != 0;
  nicsim_priv.rx_rings[0].dim.event_ctr = (u16)in[4];
  irqreturn_t ret = bcmgenet_isr1(0, &nicsim_priv);
  OUT("ret", ret);
  OUT("dim.event_ctr", nicsim_priv.rx_rings[0].dim.event_ctr);
}
