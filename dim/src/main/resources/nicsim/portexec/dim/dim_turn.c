//@ driver
static void nicsim_run(const long long *in) {
  struct dim d;
  nicsim_dim_set(&d, in);
  dim_turn(&d);
  nicsim_dim_put(&d);
}
