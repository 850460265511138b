/*
 * net/core/gro.c flush harnesses: nicsim's own C (no kernel text). The flush functions, the
 * list helpers (include/linux/list.h) and skb_list_del_init (include/linux/skbuff.h) come from
 * the tree; this gives the GRO state the fields the walk reads (napi->gro_bitmask and
 * napi->gro_hash[] up to 6.14, struct gro_node from 6.15), an skb with its list links and the
 * two NAPI_GRO_CB fields the walk reads (age, count), and records the completion of each skb
 * (napi_gro_complete / gro_complete) with the skb's id and segment count.
 *
 * Record layout (GroHarnesses.STATE): jiffies, flush_old, buckets in use (a mask), then per
 * bucket b (0..7): its count, then per held skb i (0 youngest .. 7): age delta (age = jiffies -
 * delta), segment count. skb ids are b * 8 + i. Fields of a bucket not in use, and skbs past its
 * count, are ignored.
 */
//@ header
#define NICSIM_GRO_BUCKETS 8
#define NICSIM_GRO_SLOTS 8
#define NICSIM_GRO_FIELDS (3 + NICSIM_GRO_BUCKETS * (1 + 2 * NICSIM_GRO_SLOTS))

struct net_device {
  int nicsim_unused;
};

/* what dev_gro_receive reads of skb_shinfo(): a linear skb has no frag_list */
struct skb_shared_info {
  unsigned short gso_size;
  unsigned short gso_segs;
  unsigned int gso_type;
  struct sk_buff *frag_list;
};

struct sk_buff {
  union {
    struct {
      struct sk_buff *next;
      struct sk_buff *prev;
    };
    struct list_head list;
  };
  int nicsim_id;
  char cb[48] __attribute__((aligned(8)));
  struct net_device *dev;
  unsigned int len;
  unsigned int data_len;
  __be16 protocol;
  u8 ip_summed;
  u8 csum_level;
  __wsum csum;
  u32 hash;
  struct skb_shared_info nicsim_shinfo;
};

/* the NAPI_GRO_CB fields the flush walk and dev_gro_receive use (zeroed: the bits the kernel
 * clears in one store) */
struct napi_gro_cb {
  unsigned long age;
  int count;
  int data_offset;
  u16 flush;
  union {
    struct {
      u16 same_flow : 1;
      u16 csum_valid : 1;
      u16 csum_cnt : 3;
      u16 free : 2;
      u16 is_atomic : 1;
    };
    u32 zeroed;
  };
  struct sk_buff *last;
  __wsum csum;
};

#define NAPI_GRO_CB(skb) ((struct napi_gro_cb *)(skb)->cb)

struct gro_list {
  struct list_head list;
  int count;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
struct gro_node {
  unsigned long bitmask;
  struct gro_list hash[NICSIM_GRO_BUCKETS];
};
static struct gro_node nicsim_gro;
#define NICSIM_BITMASK (nicsim_gro.bitmask)
#define NICSIM_HASH (nicsim_gro.hash)

static void gro_complete(struct gro_node *gro, struct sk_buff *skb) {
  (void)gro;
  CALL2("complete", skb->nicsim_id, NAPI_GRO_CB(skb)->count);
}
#else
struct napi_struct {
  unsigned long gro_bitmask;
  struct gro_list gro_hash[NICSIM_GRO_BUCKETS];
};
static struct napi_struct nicsim_napi;
#define NICSIM_BITMASK (nicsim_napi.gro_bitmask)
#define NICSIM_HASH (nicsim_napi.gro_hash)

static void napi_gro_complete(struct napi_struct *napi, struct sk_buff *skb) {
  (void)napi;
  CALL2("complete", skb->nicsim_id, NAPI_GRO_CB(skb)->count);
}
#endif

static struct sk_buff nicsim_skbs[NICSIM_GRO_BUCKETS][NICSIM_GRO_SLOTS];

/* Builds the GRO state from the record: each bucket's list youngest first, as dev_gro_receive
 * adds at the head. */
static void nicsim_gro_set(const long long *in) {
  unsigned long mask = (unsigned long)in[2];
  jiffies = (unsigned long)in[0];
  NICSIM_BITMASK = 0;
  for (int b = 0; b < NICSIM_GRO_BUCKETS; b++) {
    const long long *bucket = in + 3 + b * (1 + 2 * NICSIM_GRO_SLOTS);
    struct gro_list *l = &NICSIM_HASH[b];
    l->list.next = &l->list;
    l->list.prev = &l->list;
    l->count = 0;
    if (!(mask & (1UL << b))) {
      continue;
    }
    int n = (int)bucket[0];
    for (int i = 0; i < n; i++) {
      struct sk_buff *skb = &nicsim_skbs[b][i];
      memset(skb, 0, sizeof *skb);
      skb->nicsim_id = b * NICSIM_GRO_SLOTS + i;
      NAPI_GRO_CB(skb)->age = jiffies - (unsigned long)bucket[1 + 2 * i];
      NAPI_GRO_CB(skb)->count = (int)bucket[2 + 2 * i];
      /* list_add_tail: i = 0 is the head (youngest) */
      skb->list.prev = l->list.prev;
      skb->list.next = &l->list;
      l->list.prev->next = &skb->list;
      l->list.prev = &skb->list;
    }
    l->count = n;
    NICSIM_BITMASK |= 1UL << b;
  }
}

/* What is left: the bitmask, each bucket's count and its skbs head to tail. */
static void nicsim_gro_put(void) {
  char name[32];
  OUTU("bitmask", NICSIM_BITMASK);
  for (int b = 0; b < NICSIM_GRO_BUCKETS; b++) {
    struct list_head *pos;
    int i = 0;
    snprintf(name, sizeof name, "hash[%d].count", b);
    OUT(name, NICSIM_HASH[b].count);
    for (pos = NICSIM_HASH[b].list.next; pos != &NICSIM_HASH[b].list; pos = pos->next) {
      snprintf(name, sizeof name, "hash[%d][%d]", b, i++);
      OUT(name, container_of(pos, struct sk_buff, list)->nicsim_id);
    }
  }
}
