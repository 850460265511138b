/*
 * record: start time pkt_ctr byte_ctr event_ctr comp_ctr; end = start + deltas (time, pkt,
 * byte, event, comp; wrapping in each field's C type); curr_stats before the call (what a
 * false return must leave untouched).
 */
//@ driver
static void nicsim_run(const long long *in) {
  struct dim_sample start, end;
  struct dim_stats curr;
  nicsim_sample_set(&start, in);
  end.time = (ktime_t)((unsigned long long)start.time + (unsigned long long)in[5]);
  end.pkt_ctr = start.pkt_ctr + (u32)in[6];
  end.byte_ctr = start.byte_ctr + (u32)in[7];
  end.event_ctr = (u16)(start.event_ctr + (u16)in[8]);
  end.comp_ctr = start.comp_ctr + (u32)in[9];
  nicsim_stats_set(&curr, in + 10);
  OUT("ret", dim_calc_stats(&start, &end, &curr));
  nicsim_stats_put("curr", &curr);
}
