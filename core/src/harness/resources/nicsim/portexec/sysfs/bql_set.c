/* record: the buffer (common.c); *pvalue starts at 12345 (written only on success) */
//@ driver
static void nicsim_run(const long long *in) {
  unsigned int value = 12345;
  const char *buf = nicsim_text(in);
  ssize_t ret = bql_set(buf, strlen(buf), &value);
  OUT("ret", ret);
  OUTU("value", value);
}
