/* record: the NAPI (common.c); its timer expires */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_napi_set(in);
  enum hrtimer_restart ret = napi_watchdog(&nicsim_napi.timer);
  OUT("ret", ret);
  nicsim_napi_put();
}
