/* record: the NAPI (common.c); id_matches says whether napi_by_id finds it */
//@ header
static bool nicsim_id_matches;
static struct napi_struct *napi_by_id(unsigned int napi_id) {
  return nicsim_id_matches && napi_id == nicsim_napi.napi_id ? &nicsim_napi : NULL;
}
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_napi_set(in);
  nicsim_id_matches = (bool)in[19];
  napi_suspend_irqs(513);
  nicsim_napi_put();
}
