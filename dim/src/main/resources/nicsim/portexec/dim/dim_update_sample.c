/* record: event_ctr (u16), packets (u64), bytes (u64), ktime_get()'s answer */
//@ driver
static void nicsim_run(const long long *in) {
  struct dim_sample s;
  memset(&s, 0, sizeof s);
  nicsim_now = in[3];
  dim_update_sample((u16)in[0], (u64)in[1], (u64)in[2], &s);
  nicsim_sample_put("s", &s);
}
