/* stmmac_interrupt, the shared line, on the IRQ record (see irq_napi_check.c). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_irq_set(in);
  OUT("ret", stmmac_interrupt(0, &nicsim_dev));
  nicsim_irq_put();
}
