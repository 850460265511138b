/*
 * lib/dynamic_queue_limits.c harnesses: nicsim's own C (no kernel text). struct dql and the
 * functions come from the tree; stall detection stays off (stall_thrs 0, as every netdev queue
 * has it unless sysfs sets it).
 *
 * Record layout (DqlHarnesses.DQL_FIELDS): num_queued adj_limit last_obj_cnt limit
 * num_completed prev_ovlimit prev_num_queued prev_last_obj_cnt lowest_slack slack_start_time
 * max_limit min_limit slack_hold_time jiffies
 */
//@ header
#define NICSIM_DQL_FIELDS 14

static void nicsim_dql_set(struct dql *d, const long long *in) {
  memset(d, 0, sizeof *d);
  d->num_queued = (unsigned int)in[0];
  d->adj_limit = (unsigned int)in[1];
  d->last_obj_cnt = (unsigned int)in[2];
  d->limit = (unsigned int)in[3];
  d->num_completed = (unsigned int)in[4];
  d->prev_ovlimit = (unsigned int)in[5];
  d->prev_num_queued = (unsigned int)in[6];
  d->prev_last_obj_cnt = (unsigned int)in[7];
  d->lowest_slack = (unsigned int)in[8];
  d->slack_start_time = (unsigned long)in[9];
  d->max_limit = (unsigned int)in[10];
  d->min_limit = (unsigned int)in[11];
  d->slack_hold_time = (unsigned int)in[12];
  jiffies = (unsigned long)in[13];
}

static void nicsim_dql_put(const struct dql *d) {
  OUTU("num_queued", d->num_queued);
  OUTU("adj_limit", d->adj_limit);
  OUTU("last_obj_cnt", d->last_obj_cnt);
  OUTU("limit", d->limit);
  OUTU("num_completed", d->num_completed);
  OUTU("prev_ovlimit", d->prev_ovlimit);
  OUTU("prev_num_queued", d->prev_num_queued);
  OUTU("prev_last_obj_cnt", d->prev_last_obj_cnt);
  OUTU("lowest_slack", d->lowest_slack);
  OUTU("slack_start_time", d->slack_start_time);
  OUTU("max_limit", d->max_limit);
  OUTU("min_limit", d->min_limit);
  OUTU("slack_hold_time", d->slack_hold_time);
}
