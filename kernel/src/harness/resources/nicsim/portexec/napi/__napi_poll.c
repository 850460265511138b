/* record: the NAPI (common.c); the driver's poll answers poll[0..3] */
//@ driver
static void nicsim_run(const long long *in) {
  bool repoll = false;
  nicsim_napi_set(in);
  int work = __napi_poll(&nicsim_napi, &repoll);
  OUT("ret", work);
  OUT("repoll", repoll);
  nicsim_napi_put();
}
