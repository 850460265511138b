/*
 * record: cq_period_mode, ix. NICSIM_GET names the getter (rx or tx); NICSIM_DEF the
 * default-profile getter, which takes the mode only.
 */
//@ driver
static void nicsim_run(const long long *in) {
#ifdef NICSIM_DEF
  struct dim_cq_moder m = NICSIM_GET((u8)in[0]);
#else
  struct dim_cq_moder m = NICSIM_GET((u8)in[0], (int)in[1]);
#endif
  OUT("usec", m.usec);
  OUT("pkts", m.pkts);
  OUT("comps", m.comps);
  OUT("cq_period_mode", m.cq_period_mode);
}
