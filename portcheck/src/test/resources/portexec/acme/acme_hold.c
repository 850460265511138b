/*
 * Harness C for the acme hold fixture (port-check's tests; nicsim's own code). struct
 * acme_hold and the functions come from the fixture tree.
 * Record: start hold credit now amount (KIND 0: acme_hold_expired(h, now);
 * 1: acme_take_credit(h, amount)).
 */
//@ driver
static void nicsim_run(const long long *in) {
  struct acme_hold h = {
      .start = (unsigned long)in[0], .hold = (unsigned int)in[1], .credit = (unsigned int)in[2]};
#if NICSIM_KIND == 0
  OUT("ret", acme_hold_expired(&h, (unsigned long)in[3]));
#else
  OUTU("ret", acme_take_credit(&h, (unsigned int)in[4]));
  OUTU("credit", h.credit);
#endif
}
