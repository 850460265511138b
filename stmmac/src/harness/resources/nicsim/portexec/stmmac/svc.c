/*
 * The service work on the service record: priv->state (STMMAC_DOWN, _RESET_REQUESTED,
 * _RESETING, _SERVICE_SCHED as bits 0..3), the timed-out TX queue, queue_work's answer.
 * NICSIM_SVC picks the function.
 */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_priv_reset(1, 1, 6);
  nicsim_priv.state = (unsigned long)in[0];
  nicsim_queue_work_ret = (int)in[2];
#if NICSIM_SVC == 0
  stmmac_tx_timeout(&nicsim_dev, (unsigned int)in[1]);
#elif NICSIM_SVC == 1
  stmmac_global_err(&nicsim_priv);
#elif NICSIM_SVC == 2
  stmmac_service_event_schedule(&nicsim_priv);
#elif NICSIM_SVC == 3
  stmmac_reset_subtask(&nicsim_priv);
#else
  stmmac_service_task(&nicsim_priv.service_task);
#endif
  OUTU("state", nicsim_priv.state);
}
