/* record: the GRO state (common.c); calls napi_gro_flush (net/core/gro.c, to 6.14) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_gro_set(in);
  napi_gro_flush(&nicsim_napi, (bool)in[1]);
  nicsim_gro_put();
}
