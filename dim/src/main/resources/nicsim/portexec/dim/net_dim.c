/*
 * record: the struct dim fields; then the end sample as deltas from dim.start_sample (time,
 * pkt, byte, event, comp; wrapping in each field's C type); then ktime_get()'s answer.
 * Until 6.12 net_dim takes the sample by value, from 6.13 by pointer: the call follows the
 * tree's own prototype.
 */
//@ driver
typedef void (*nicsim_net_dim_by_value)(struct dim *, struct dim_sample);
typedef void (*nicsim_net_dim_by_ptr)(struct dim *, const struct dim_sample *);

static void nicsim_run(const long long *in) {
  struct dim d;
  struct dim_sample end;
  const long long *e = in + NICSIM_DIM_FIELDS;
  nicsim_dim_set(&d, in);
  end.time = (ktime_t)((unsigned long long)d.start_sample.time + (unsigned long long)e[0]);
  end.pkt_ctr = d.start_sample.pkt_ctr + (u32)e[1];
  end.byte_ctr = d.start_sample.byte_ctr + (u32)e[2];
  end.event_ctr = (u16)(d.start_sample.event_ctr + (u16)e[3]);
  end.comp_ctr = d.start_sample.comp_ctr + (u32)e[4];
  nicsim_now = e[5];
  if (__builtin_types_compatible_p(__typeof__(&net_dim), nicsim_net_dim_by_ptr)) {
    ((nicsim_net_dim_by_ptr)(void *)net_dim)(&d, &end);
  } else {
    ((nicsim_net_dim_by_value)(void *)net_dim)(&d, end);
  }
  nicsim_dim_put(&d);
}
