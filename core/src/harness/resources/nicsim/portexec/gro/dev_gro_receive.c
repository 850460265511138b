/*
 * record: the GRO state (common.c), then the skb and the protocol's answer
 * (GroHarnesses.SKB): hash, netif_elide_gro, protocol has an offload, len, then what
 * inet_gro_receive answers: -EINPROGRESS, the held skb it returns (slot of the bucket, from the
 * head; at or past the bucket's count: NULL), same_flow, flush, free, data_offset (where the
 * protocol's headers end). The skb received is id 64: linear (data_len 0), not GSO, no
 * frag_list, CHECKSUM_NONE. Prints the calls (gro_list_prepare and inet_gro_receive with the
 * bucket, complete with the skb and its count), the result, the skb's NAPI_GRO_CB flush and,
 * when held, its age, count and gso_size, then the GRO state.
 */
//@ header
#ifndef EINPROGRESS
#define EINPROGRESS 115
#endif
#ifndef sizeof_field
#define sizeof_field(t, m) sizeof(((t *)0)->m)
#endif
#ifndef IS_ALIGNED
#define IS_ALIGNED(x, a) (((x) & ((typeof(x))(a) - 1)) == 0)
#endif
#define PTR_ERR(p) ((long)(p))
#define ERR_PTR(e) ((void *)(long)(e))
#define skb_shinfo(skb) (&(skb)->nicsim_shinfo)
#define INDIRECT_CALL_INET(f, f2, f1, ...) f(__VA_ARGS__)
#define list_for_each_entry_rcu(pos, head, member, ...) list_for_each_entry(pos, head, member)
#define NICSIM_ETH_P_IP_BE 0x0008
#define NICSIM_ETH_P_IPV6_BE 0xdd86

struct offload_callbacks {
  struct sk_buff *(*gro_receive)(struct list_head *head, struct sk_buff *skb);
};

struct packet_offload {
  __be16 type;
  u16 priority;
  struct offload_callbacks callbacks;
  struct list_head list;
};

/* the offload list: 6.1 keeps it in offload_base, later kernels in net_hotdata */
static struct list_head offload_base;
struct net_hotdata {
  struct list_head offload_base;
};
static struct net_hotdata net_hotdata;
static struct packet_offload nicsim_ip_offload[2];
static struct net_device nicsim_dev;
static struct sk_buff nicsim_new;
static const long long *nicsim_answer;
static bool nicsim_elide;

static int nicsim_bucket_of(const struct list_head *head) {
  return (int)(container_of(head, struct gro_list, list) - NICSIM_HASH);
}

static u32 skb_get_hash_raw(const struct sk_buff *skb) {
  return skb->hash;
}

static bool netif_elide_gro(const struct net_device *dev) {
  (void)dev;
  return nicsim_elide;
}

static void skb_set_network_header(struct sk_buff *skb, const int offset) {
  (void)skb;
  (void)offset;
}

static void skb_reset_mac_len(struct sk_buff *skb) {
  (void)skb;
}

static void gro_list_prepare(const struct list_head *head, const struct sk_buff *skb) {
  (void)skb;
  CALL1("gro_list_prepare", nicsim_bucket_of(head));
}

static void gro_pull_from_frag0(struct sk_buff *skb, int grow) {
  (void)skb;
  CALL1("gro_pull_from_frag0", grow);
}

/* inet_gro_receive -> tcp4_gro_receive: the answer is the record's */
static struct sk_buff *nicsim_inet_gro_receive(struct list_head *head, struct sk_buff *skb) {
  const long long *a = nicsim_answer;
  struct list_head *pos;
  int slot = 0;
  CALL1("inet_gro_receive", nicsim_bucket_of(head));
  NAPI_GRO_CB(skb)->data_offset = (int)a[5];
  NAPI_GRO_CB(skb)->same_flow = a[2] != 0;
  NAPI_GRO_CB(skb)->flush |= a[3] != 0;
  NAPI_GRO_CB(skb)->free = (unsigned int)a[4];
  if (a[0]) {
    return ERR_PTR(-EINPROGRESS);
  }
  for (pos = head->next; pos != head; pos = pos->next, slot++) {
    if (slot == a[1]) {
      return container_of(pos, struct sk_buff, list);
    }
  }
  return NULL;
}
//@ driver
static void nicsim_run(const long long *in) {
  const long long *s = in + NICSIM_GRO_FIELDS;
  struct sk_buff *skb = &nicsim_new;
  enum gro_result ret;
  nicsim_gro_set(in);
  INIT_LIST_HEAD(&offload_base);
  INIT_LIST_HEAD(&net_hotdata.offload_base);
  for (int i = 0; i < 2; i++) {
    nicsim_ip_offload[i].type = NICSIM_ETH_P_IP_BE;
    nicsim_ip_offload[i].callbacks.gro_receive = nicsim_inet_gro_receive;
  }
  list_add(&nicsim_ip_offload[0].list, &offload_base);
  list_add(&nicsim_ip_offload[1].list, &net_hotdata.offload_base);
  memset(skb, 0, sizeof *skb);
  skb->nicsim_id = NICSIM_GRO_BUCKETS * NICSIM_GRO_SLOTS;
  skb->dev = &nicsim_dev;
  skb->hash = (u32)s[0];
  nicsim_elide = s[1] != 0;
  skb->protocol = s[2] ? NICSIM_ETH_P_IP_BE : NICSIM_ETH_P_IPV6_BE;
  skb->len = (unsigned int)s[3];
  nicsim_answer = s + 4;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
  ret = dev_gro_receive(&nicsim_gro, skb);
#else
  ret = dev_gro_receive(&nicsim_napi, skb);
#endif
  OUT("ret", ret);
  OUT("skb.flush", NAPI_GRO_CB(skb)->flush != 0);
  if (ret == GRO_HELD) {
    OUTU("skb.jiffies_minus_age", jiffies - NAPI_GRO_CB(skb)->age);
    OUT("skb.count", NAPI_GRO_CB(skb)->count);
    OUT("skb.gso_size", skb_shinfo(skb)->gso_size);
  }
  nicsim_gro_put();
}
