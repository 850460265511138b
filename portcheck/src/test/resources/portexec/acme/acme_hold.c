/*
 * Harness C for the acme hold fixture (port-check's tests; nicsim's own code). struct
 * acme_hold and the functions come from the fixture tree.
 * Record: start hold credit now amount (KIND 0: acme_hold_expired(h, now);
 * 1: acme_take_credit(h, amount); 2: acme_credit_ticks(credit, amount);
 * 3: acme_credit_odd(credit)).
 */
//@ driver
static void nicsim_run(const long long *in) {
  struct acme_hold h = {
      .start = (unsigned long)in[0], .hold = (unsigned int)in[1], .credit = (unsigned int)in[2]};
#if NICSIM_KIND == 0
  OUT("ret", acme_hold_expired(&h, (unsigned long)in[3]));
#elif NICSIM_KIND == 1
  OUTU("ret", acme_take_credit(&h, (unsigned int)in[4]));
  OUTU("credit", h.credit);
#elif NICSIM_KIND == 2
  OUTU("ret", acme_credit_ticks(h.credit, (unsigned int)in[4]));
#else
  OUTU("ret", acme_credit_odd(h.credit));
#endif
}
