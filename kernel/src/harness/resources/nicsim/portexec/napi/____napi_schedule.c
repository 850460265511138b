/* record: the NAPI (common.c); the caller won napi_schedule_prep, with irqs off */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_napi_set(in);
  ____napi_schedule(&softnet_data, &nicsim_napi);
  nicsim_napi_put();
}
