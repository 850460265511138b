/*
 * kernel/time/hrtimer.c hrtimer_cancel: nicsim's own C (no kernel text). The function comes
 * from the tree; hrtimer_try_to_cancel is a recording stub answering from the record (1: the
 * timer was queued and is removed, 0: it was inactive, -1: its callback runs elsewhere) and
 * hrtimer_cancel_wait_running a recording stub.
 *
 * Record layout (HrTimerHarnesses.CANCEL): the answers of hrtimer_try_to_cancel's first three
 * calls (a fourth and later answer 0). Prints each call and the result.
 */
//@ header
struct hrtimer {
  int nicsim_unused;
};

static long long nicsim_try_answers[3];
static int nicsim_tries;

int hrtimer_try_to_cancel(struct hrtimer *timer) {
  int ret = nicsim_tries < 3 ? (int)nicsim_try_answers[nicsim_tries] : 0;
  (void)timer;
  nicsim_tries++;
  CALL0("hrtimer_try_to_cancel");
  return ret;
}

void hrtimer_cancel_wait_running(const struct hrtimer *timer) {
  (void)timer;
  CALL0("hrtimer_cancel_wait_running");
}
//@ driver
static void nicsim_run(const long long *in) {
  static struct hrtimer timer;
  for (int i = 0; i < 3; i++) {
    nicsim_try_answers[i] = in[i];
  }
  nicsim_tries = 0;
  OUT("ret", hrtimer_cancel(&timer));
}
