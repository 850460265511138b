/*
 * include/linux/jiffies.h and kernel/time/time.c conversions at the prelude's HZ. Record: one
 * value (u for usecs_to_jiffies, __usecs_to_jiffies; j for jiffies_to_usecs). NICSIM_KIND:
 * 0 usecs_to_jiffies(u), 1 __usecs_to_jiffies(u), 2 jiffies_to_usecs(j). Output: ret.
 */
//@ driver
static void nicsim_run(const long long *in) {
#if NICSIM_KIND == 0
  OUTU("ret", usecs_to_jiffies((unsigned int)in[0]));
#elif NICSIM_KIND == 1
  OUTU("ret", __usecs_to_jiffies((unsigned int)in[0]));
#else
  OUTU("ret", jiffies_to_usecs((unsigned long)in[0]));
#endif
}
