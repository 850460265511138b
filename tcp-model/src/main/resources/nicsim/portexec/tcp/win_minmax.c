/* lib/win_minmax.c: record s[0..2].t s[0..2].v, win, t, meas; NICSIM_GET names the function */
//@ driver
static void nicsim_run(const long long *in) {
  struct minmax m;
  for (int i = 0; i < 3; i++) {
    m.s[i].t = (u32)in[i];
    m.s[i].v = (u32)in[3 + i];
  }
  OUTU("ret", NICSIM_GET(&m, (u32)in[6], (u32)in[7], (u32)in[8]));
  for (int i = 0; i < 3; i++) {
    char n[16];
    snprintf(n, sizeof n, "s[%d].t", i); OUTU(n, m.s[i].t);
    snprintf(n, sizeof n, "s[%d].v", i); OUTU(n, m.s[i].v);
  }
}
