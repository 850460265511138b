/* record: ievent link napi_schedule_prep */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, false);
  nicsim_mmio_regs[FEC_IEVENT >> 2] = (u32)in[0];
  nicsim_fep.link = (int)in[1];
  nicsim_ans_schedule_prep = in[2];
  OUT("ret", fec_enet_interrupt(40, &nicsim_ndev));
}
