//@ driver
static void nicsim_run(const long long *in) {
  struct dim d;
  nicsim_dim_set(&d, in);
  OUT("ret", dim_on_top(&d));
  nicsim_dim_put(&d);
}
