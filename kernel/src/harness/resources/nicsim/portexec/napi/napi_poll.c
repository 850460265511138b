/* record: the NAPI (common.c), taken off the poll list by napi_poll; a repoll list of its own */
//@ driver
static void nicsim_run(const long long *in) {
  struct list_head repoll = {&repoll, &repoll};
  nicsim_napi_set(in);
  int work = napi_poll(&nicsim_napi, &repoll);
  OUT("ret", work);
  OUT("on_repoll", !list_empty(&repoll));
  nicsim_napi_put();
}
