/*
 * lib/win_minmax.c and include/linux/win_minmax.h. Record: s[0].t s[1].t s[2].t s[0].v s[1].v
 * s[2].v win t meas shape (the generator's, unused here). NICSIM_KIND: 0 minmax_running_max(m,
 * win, t, meas), 1 minmax_running_min(m, win, t, meas), 2 minmax_subwin_update(m, win, {t, meas}),
 * 3 minmax_reset(m, t, meas). Output: ret, then the three samples.
 */
//@ driver
static void nicsim_run(const long long *in) {
  struct minmax m;
  for (int i = 0; i < 3; i++) {
    m.s[i].t = (u32)in[i];
    m.s[i].v = (u32)in[3 + i];
  }
  u32 win = (u32)in[6];
  struct minmax_sample val = {.t = (u32)in[7], .v = (u32)in[8]};
#if NICSIM_KIND == 0
  OUTU("ret", minmax_running_max(&m, win, val.t, val.v));
#elif NICSIM_KIND == 1
  OUTU("ret", minmax_running_min(&m, win, val.t, val.v));
#elif NICSIM_KIND == 2
  OUTU("ret", minmax_subwin_update(&m, win, &val));
#else
  OUTU("ret", minmax_reset(&m, val.t, val.v));
#endif
  for (int i = 0; i < 3; i++) {
    char n[16];
    snprintf(n, sizeof n, "s[%d].t", i); OUTU(n, m.s[i].t);
    snprintf(n, sizeof n, "s[%d].v", i); OUTU(n, m.s[i].v);
  }
  (void)win;
}
