/* record: q (RAVB_BE 0, RAVB_NC 1), RIS0, RIC0, TIS, TIC, info->irq_en_dis, the answer of
 * napi_schedule_prep for the queue's NAPI. ravb_queue_interrupt comes from the tree. */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_set();
  int q = (int)in[0];
  nicsim_ris0 = (u32)in[1];
  nicsim_ric0 = (u32)in[2];
  nicsim_tis = (u32)in[3];
  nicsim_tic = (u32)in[4];
  nicsim_info.irq_en_dis = in[5] != 0;
  nicsim_ans_prep[q] = in[6] != 0;
  OUT("ret", ravb_dma_interrupt(0, &nicsim_ndev, q));
}
