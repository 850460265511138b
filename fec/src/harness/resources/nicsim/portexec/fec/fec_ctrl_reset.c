/* record: quirks link allow_wol wol_flag ECNTRL (the register before) */
//@ header
static void udelay(unsigned long usecs) {
  CALL1("udelay", usecs);
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set((u32)in[0], true);
  nicsim_fep.link = (int)in[1];
  nicsim_fep.wol_flag = (int)in[3];
  nicsim_mmio_regs[FEC_ECNTRL >> 2] = (u32)in[4];
  fec_ctrl_reset(&nicsim_fep, in[2] != 0);
}
