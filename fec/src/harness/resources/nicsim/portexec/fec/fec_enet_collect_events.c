/* record: ievent (the IEVENT register) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, false);
  nicsim_mmio_regs[FEC_IEVENT >> 2] = (u32)in[0];
  OUT("ret", fec_enet_collect_events(&nicsim_fep));
}
