/* record: the priv fields, then the value to convert; NICSIM_CONV names the conversion */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set(in);
  OUTU("ret", NICSIM_CONV((u32)in[NICSIM_PRIV_FIELDS], &nicsim_priv));
}
