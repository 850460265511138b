/*
 * A harness that misbehaves on purpose (port-check's tests; nicsim's own code): acme's
 * acme_usecs_to_ticks from the fixture tree, and a driver that, when the record asks, writes
 * through a bad pointer (mode 1), divides by zero (mode 2) or never returns (mode 3).
 * Record: usecs frames mode.
 */
//@ driver
static volatile long long nicsim_spin;

static void nicsim_run(const long long *in) {
  if (in[2] == 1) {
    volatile int *p = (volatile int *)(long)in[1];
    *p = 1;
  }
  if (in[2] == 2) {
    volatile int z = (int)in[1];
    OUT("q", 1000 / z);
  }
  while (in[2] == 3) {
    nicsim_spin++;
  }
  OUTU("ret", acme_usecs_to_ticks((u32)in[0], (enum acme_mode)0));
  CALL2("writel", 8, in[1]);
}
