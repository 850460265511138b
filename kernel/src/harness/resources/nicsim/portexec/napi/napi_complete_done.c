/* record: the NAPI (common.c); work_done is the argument */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_napi_set(in);
  bool ret = napi_complete_done(&nicsim_napi, (int)in[18]);
  OUT("ret", ret);
  nicsim_napi_put();
}
