/* record: the hw and ring fields, usecs, pkts */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set(in);
  bcmgenet_set_rx_coalesce(&nicsim_priv.rx_rings[0], (u32)in[NICSIM_HW_FIELDS],
      (u32)in[NICSIM_HW_FIELDS + 1]);
  nicsim_priv_put();
}
