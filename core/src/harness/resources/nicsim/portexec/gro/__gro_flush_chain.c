/* record: the GRO state (common.c), then the bucket index (6.15+) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_gro_set(in);
  __gro_flush_chain(&nicsim_gro, (u32)in[NICSIM_GRO_FIELDS], (bool)in[1]);
  nicsim_gro_put();
}
