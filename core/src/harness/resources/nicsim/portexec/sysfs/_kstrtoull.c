/* record: the buffer (common.c), then the base (0, 8, 10, 16 by index) */
//@ driver
static void nicsim_run(const long long *in) {
  static const unsigned int bases[4] = {0, 8, 10, 16};
  unsigned long long res = 12345;
  int ret = _kstrtoull(nicsim_text(in), bases[in[NICSIM_TEXT_FIELDS] & 3], &res);
  OUT("ret", ret);
  OUTU("res", res);
}
