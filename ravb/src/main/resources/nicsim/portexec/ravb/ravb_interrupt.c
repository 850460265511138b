/* record: ISS, RIS0, RIC0, TIS, TIC, info->nc_queues, info->irq_en_dis, the answers of
 * napi_schedule_prep for the BE and the NC queue's NAPI. ravb_queue_interrupt and
 * ravb_timestamp_interrupt come from the tree; the E-MAC, error and gPTP handlers and
 * ravb_get_tx_tstamp are recording stubs (common.c). */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  nicsim_iss = (u32)in[0];
  nicsim_ris0 = (u32)in[1];
  nicsim_ric0 = (u32)in[2];
  nicsim_tis = (u32)in[3];
  nicsim_tic = (u32)in[4];
  nicsim_info.nc_queues = in[5] != 0;
  nicsim_info.irq_en_dis = in[6] != 0;
  nicsim_ans_prep[0] = in[7] != 0;
  nicsim_ans_prep[1] = in[8] != 0;
  OUT("ret", ravb_interrupt(0, &nicsim_ndev));
}
