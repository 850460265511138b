/*
 * record: the NAPI (common.c), then skip_schedule. The busy poller owns the NAPI (SCHED set, on
 * no poll list) and its last poll used the whole budget. Prints the calls (GRO's flush and
 * hand-off) and the NAPI after.
 */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_napi_set(in);
  __busy_poll_stop(&nicsim_napi, in[NICSIM_NAPI_FIELDS] != 0);
  nicsim_napi_put();
}
