//@ driver
static void nicsim_run(const long long *in) {
  struct dim d;
  nicsim_dim_set(&d, in);
  OUT("ret", net_dim_step(&d));
  nicsim_dim_put(&d);
}
