/*
 * record: the common fields (common.c), then queue_mask (queues 0..63: the two low words of
 * the kernel's u32 array), the queue whose get_per_queue_coalesce fails (64: none) and its
 * answer, the queue whose set_per_queue_coalesce fails (64: none) and its answer (answers are
 * indices into nicsim_ret). Every queue's copy_from_user gives the record's request;
 * get_per_queue_coalesce of queue q writes q * 64 + i + 1 into field i (the backup). Prints
 * the calls (get with the queue, set with the queue and the struct it got) and the result.
 */
//@ header
#define DECLARE_BITMAP(name, bits) unsigned long name[((bits) + BITS_PER_LONG - 1) / BITS_PER_LONG]
#define GFP_KERNEL 0
#define kmalloc_array(n, size, flags) calloc((size_t)(n) + 1, (size))
#define kfree(p) free(p)

static void bitmap_from_arr32(unsigned long *bitmap, const u32 *buf, unsigned int nbits) {
  for (unsigned int i = 0; i < nbits / 32; i++) {
    if (i % 2 == 0) {
      bitmap[i / 2] = buf[i];
    } else {
      bitmap[i / 2] |= (unsigned long)buf[i] << 32;
    }
  }
}

static unsigned int bitmap_weight(const unsigned long *bitmap, unsigned int nbits) {
  unsigned int w = 0;
  for (unsigned int i = 0; i < nbits; i++) {
    w += (bitmap[i / BITS_PER_LONG] >> (i % BITS_PER_LONG)) & 1;
  }
  return w;
}

static unsigned int nicsim_next_bit(const unsigned long *bitmap, unsigned int size,
                                    unsigned int from) {
  for (; from < size; from++) {
    if ((bitmap[from / BITS_PER_LONG] >> (from % BITS_PER_LONG)) & 1) {
      return from;
    }
  }
  return size;
}

#define for_each_set_bit(bit, addr, size) \
  for ((bit) = nicsim_next_bit((addr), (size), 0); (bit) < (size); \
       (bit) = nicsim_next_bit((addr), (size), (bit) + 1))
//@ driver
static const long long *nicsim_in;

static int nicsim_get_pq(struct net_device *dev, u32 queue, struct ethtool_coalesce *c) {
  const long long *q = nicsim_in + 1 + NICSIM_COALESCE_FIELDS;
  long long v[NICSIM_COALESCE_FIELDS];
  (void)dev;
  CALL1("get_per_queue_coalesce", queue);
  for (int i = 0; i < NICSIM_COALESCE_FIELDS; i++) {
    v[i] = (long long)queue * 64 + i + 1;
  }
  nicsim_coalesce_set(c, v);
  return queue == q[1] ? nicsim_ret(q[2]) : 0;
}

static int nicsim_set_pq(struct net_device *dev, u32 queue, struct ethtool_coalesce *c) {
  const long long *q = nicsim_in + 1 + NICSIM_COALESCE_FIELDS;
  (void)dev;
  nicsim_coalesce_call("set_per_queue_coalesce", queue, c);
  return queue == q[3] ? nicsim_ret(q[4]) : 0;
}

static void nicsim_run(const long long *in) {
  static struct {
    struct ethtool_per_queue_op op;
    struct ethtool_coalesce each[64];
  } user;
  const long long *q = in + 1 + NICSIM_COALESCE_FIELDS;
  unsigned long long mask = (unsigned long long)q[0];
  nicsim_in = in;
  nicsim_ops.supported_coalesce_params = (u32)in[0];
  nicsim_ops.get_per_queue_coalesce = nicsim_get_pq;
  nicsim_ops.set_per_queue_coalesce = nicsim_set_pq;
  memset(&user.op, 0, sizeof user.op);
  user.op.queue_mask[0] = (u32)mask;
  user.op.queue_mask[1] = (u32)(mask >> 32);
  for (int i = 0; i < 64; i++) {
    nicsim_coalesce_set(&user.each[i], in + 1);
  }
  OUT("ret", ethtool_set_per_queue_coalesce(&nicsim_dev, &user, &user.op));
}
