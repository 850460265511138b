/* record: the NAPI (common.c) */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_napi_set(in);
  bool ret = napi_schedule_prep(&nicsim_napi);
  OUT("ret", ret);
  nicsim_napi_put();
}
