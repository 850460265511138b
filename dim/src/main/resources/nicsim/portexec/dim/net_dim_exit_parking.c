//@ driver
static void nicsim_run(const long long *in) {
  struct dim d;
  nicsim_dim_set(&d, in);
  net_dim_exit_parking(&d);
  nicsim_dim_put(&d);
}
