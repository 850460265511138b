/*
 * A harness that breaks the loop's rule on purpose (portcheck-inloop's tests; nicsim's own
 * code): besides acme_usecs_to_ticks from the fixture tree it prints how many times the C has
 * run, state kept between calls, so each output shows whether the call crossed to the C.
 * Record: usecs frames mode.
 */
//@ driver
static void nicsim_run(const long long *in) {
  static long long runs;
  OUT("runs", ++runs);
  OUTU("ret", acme_usecs_to_ticks((u32)in[0], (enum acme_mode)0));
}
