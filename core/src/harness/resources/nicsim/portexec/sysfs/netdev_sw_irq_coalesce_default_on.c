/* record: the device's values before; probe calls it before register_netdev */
//@ header
enum { NETREG_UNINITIALIZED = 0, NETREG_REGISTERED };
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_ndev_set((unsigned long)in[2], in[3], (int)in[4], (bool)in[1]);
  nicsim_ndev.reg_state = NETREG_UNINITIALIZED;
  netdev_sw_irq_coalesce_default_on(&nicsim_ndev);
  nicsim_ndev_put();
}
