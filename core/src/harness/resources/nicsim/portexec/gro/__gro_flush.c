/* record: the GRO state (common.c); calls __gro_flush (net/core/gro.c, 6.15+) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_gro_set(in);
  __gro_flush(&nicsim_gro, (bool)in[1]);
  nicsim_gro_put();
}
