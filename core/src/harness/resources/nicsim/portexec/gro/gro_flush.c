/* record: the GRO state (common.c); calls gro_flush (include/net/gro.h, 6.15+) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_gro_set(in);
  gro_flush(&nicsim_gro, (bool)in[1]);
  nicsim_gro_put();
}
