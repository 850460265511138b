/*
 * A harness whose record runs on past its fields (port-check's tests; nicsim's own code), as a
 * bridge's does in the loop (tcp_ack's congestion-module answers): acme_usecs_to_ticks from the
 * fixture tree, then `mode` (here a count) words after the three fields, each printed.
 * Record: usecs frames mode, then mode words.
 */
//@ driver
static void nicsim_run(const long long *in) {
  for (long long i = 0; i < in[2]; i++) {
    OUT("tail", in[3 + i]);
  }
  OUTU("ret", acme_usecs_to_ticks((u32)in[0], (enum acme_mode)0));
}
