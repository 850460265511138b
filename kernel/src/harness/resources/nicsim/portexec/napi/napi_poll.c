/* record: the NAPI (common.c; in the loop, then the rx_count after GRO's flush), taken off the
 * poll list by napi_poll; a repoll list of its own */
//@ driver
static void nicsim_run(const long long *in) {
  struct list_head repoll = {&repoll, &repoll};
  nicsim_napi_set(in);
#ifdef NICSIM_IN_LOOP
  nicsim_rx_answered = 1;
  nicsim_rx_after_flush = in[NICSIM_NAPI_FIELDS];
#endif
  int work = napi_poll(&nicsim_napi, &repoll);
  OUT("ret", work);
  OUT("on_repoll", !list_empty(&repoll));
  nicsim_napi_put();
}
