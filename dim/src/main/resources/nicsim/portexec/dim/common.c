/*
 * lib/dim harnesses: nicsim's own C (no kernel text). The kernel's struct dim, its enums and
 * the functions under test come from the tree; this sets a struct dim from an input record,
 * prints every field, and stubs what lib/dim calls outside itself.
 *
 * Record layout shared by the struct dim harnesses (DimHarnesses.DIM_FIELDS):
 *   0 state  1 profile_ix  2 mode  3 tune_state  4 steps_right  5 steps_left  6 tired
 *   7..11 prev_stats ppms bpms epms cpms cpe_ratio
 *   12..16 start_sample time pkt_ctr byte_ctr event_ctr comp_ctr
 */
//@ header
/* ktime_get(): the time the harness's record says it is (a query, not recorded) */
static long long nicsim_now;
ktime_t ktime_get(void) {
  return nicsim_now;
}

/* schedule_work: recorded; the work item never runs here */
bool schedule_work(struct work_struct *work) {
  (void)work;
  CALL0("schedule_work");
  return true;
}

#define NICSIM_DIM_FIELDS 17

static void nicsim_stats_set(struct dim_stats *s, const long long *in) {
  s->ppms = (int)in[0];
  s->bpms = (int)in[1];
  s->epms = (int)in[2];
  s->cpms = (int)in[3];
  s->cpe_ratio = (int)in[4];
}

static void nicsim_stats_put(const char *p, const struct dim_stats *s) {
  char n[64];
  snprintf(n, sizeof n, "%s.ppms", p); OUT(n, s->ppms);
  snprintf(n, sizeof n, "%s.bpms", p); OUT(n, s->bpms);
  snprintf(n, sizeof n, "%s.epms", p); OUT(n, s->epms);
  snprintf(n, sizeof n, "%s.cpms", p); OUT(n, s->cpms);
  snprintf(n, sizeof n, "%s.cpe_ratio", p); OUT(n, s->cpe_ratio);
}

static void nicsim_sample_set(struct dim_sample *s, const long long *in) {
  s->time = (ktime_t)in[0];
  s->pkt_ctr = (u32)in[1];
  s->byte_ctr = (u32)in[2];
  s->event_ctr = (u16)in[3];
  s->comp_ctr = (u32)in[4];
}

static void nicsim_sample_put(const char *p, const struct dim_sample *s) {
  char n[64];
  snprintf(n, sizeof n, "%s.time", p); OUT(n, s->time);
  snprintf(n, sizeof n, "%s.pkt_ctr", p); OUT(n, s->pkt_ctr);
  snprintf(n, sizeof n, "%s.byte_ctr", p); OUT(n, s->byte_ctr);
  snprintf(n, sizeof n, "%s.event_ctr", p); OUT(n, s->event_ctr);
  snprintf(n, sizeof n, "%s.comp_ctr", p); OUT(n, s->comp_ctr);
}

static void nicsim_dim_set(struct dim *d, const long long *in) {
  memset(d, 0, sizeof *d);
  d->state = (u8)in[0];
  d->profile_ix = (u8)in[1];
  d->mode = (u8)in[2];
  d->tune_state = (u8)in[3];
  d->steps_right = (u8)in[4];
  d->steps_left = (u8)in[5];
  d->tired = (u8)in[6];
  nicsim_stats_set(&d->prev_stats, in + 7);
  nicsim_sample_set(&d->start_sample, in + 12);
}

static void nicsim_dim_put(const struct dim *d) {
  OUT("state", d->state);
  OUT("profile_ix", d->profile_ix);
  OUT("mode", d->mode);
  OUT("tune_state", d->tune_state);
  OUT("steps_right", d->steps_right);
  OUT("steps_left", d->steps_left);
  OUT("tired", d->tired);
  nicsim_stats_put("prev", &d->prev_stats);
  nicsim_sample_put("start", &d->start_sample);
}
