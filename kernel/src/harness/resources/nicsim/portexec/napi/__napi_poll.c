/* record: the NAPI (common.c; in the loop, then the rx_count after GRO's flush); the driver's
 * poll answers poll[0..3] */
//@ driver
static void nicsim_run(const long long *in) {
  bool repoll = false;
  nicsim_napi_set(in);
#ifdef NICSIM_IN_LOOP
  nicsim_rx_answered = 1;
  nicsim_rx_after_flush = in[NICSIM_NAPI_FIELDS];
#endif
  int work = __napi_poll(&nicsim_napi, &repoll);
  OUT("ret", work);
  OUT("repoll", repoll);
  nicsim_napi_put();
}
