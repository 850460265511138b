/*
 * nicsim validate's completion holder: a userspace NFQUEUE program that holds each packet
 * (for TCP's data: each skb, GSO super-skbs kept whole) and gives it back to the kernel later,
 * so the skb stays charged to its socket's sk_wmem_alloc, as an skb waiting for a TX
 * completion interrupt does.
 *
 *   holder QUEUE MODE USECS
 *     fixed   : each packet is released USECS after it arrived
 *     period  : every USECS (on multiples of USECS of CLOCK_MONOTONIC), all packets held
 *     sliding : a timer of USECS that every new packet restarts; on expiry all packets held
 *
 * It prints "ready" on stdout once bound. A byte on stdin restarts the statistics (the
 * measured window begins), except 's', which prints them (it ends) while holding goes on, so
 * the connection's tail is held as its middle was; on SIGTERM/SIGINT or stdin closing it
 * accepts everything it holds, then prints one more line of statistics on stdout:
 *   packets=N bytes=B held_avg=X held_max=M hold_avg_us=H late_avg_us=L late_p10_us=… late_p99_us=…
 *   … wake_min_us=… wake_p10_us=… wake_max_us=… wakes=W
 * (late_*: per packet against its due time; wake_*: per wake-up that released something, against
 * the earliest due time it served)
 * held_avg is the time-average number of packets held since the statistics started.
 *
 *   holder tso IFNAME on|off
 * switches the device's TCP segmentation offload (SIOCETHTOOL ETHTOOL_STSO), for machines
 * without the ethtool program.
 *
 * Written for nicsim (not derived from kernel or libnetfilter_queue example text).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <arpa/inet.h>
#include <linux/netfilter.h>
#include <libnetfilter_queue/libnetfilter_queue.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <net/if.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

enum mode { FIXED, PERIOD, SLIDING };

static volatile sig_atomic_t stop;
static enum mode mode;
static int64_t delay_ns;
static struct nfq_q_handle *qh;

#define RING (1 << 20)
static uint32_t ids[RING];
static int64_t due[RING];
static int64_t arrived[RING];
static uint32_t head, count;

static int64_t next_period; /* PERIOD: the next multiple of delay_ns; 0 = idle */
static int64_t slide_due;   /* SLIDING: when the restarted timer fires; 0 = idle */

static uint64_t packets, bytes, held_max;
static double held_area_ns, hold_sum_ns;
/* how late the holder's releases were against their due times (its wake-up and recv work):
 * what a model's timer must add to be held as long as the real skbs were */
static double late_sum_ns;
static uint64_t late_n;
static int64_t late_max_ns;
/* its distribution: counts of releases by lateness in whole microseconds (the last bin: more) */
#define LATE_BINS 20001
static uint64_t late_hist[LATE_BINS];

static void late(int64_t ns) {
  late_sum_ns += (double) ns;
  late_n++;
  if (ns > late_max_ns) {
    late_max_ns = ns;
  }
  int64_t us = ns / 1000;
  late_hist[us < LATE_BINS - 1 ? us : LATE_BINS - 1]++;
}

/* the same per wake-up that released something: how late it came after the earliest due
 * time it served (the later skbs of a bunch it frees are less late than that) */
static uint64_t wake_hist[LATE_BINS];
static uint64_t wake_n;
static int64_t wake_min_ns = -1, wake_max_ns;

static void wake_late(int64_t ns) {
  wake_n++;
  if (wake_min_ns < 0 || ns < wake_min_ns) {
    wake_min_ns = ns;
  }
  if (ns > wake_max_ns) {
    wake_max_ns = ns;
  }
  int64_t us = ns / 1000;
  wake_hist[us < LATE_BINS - 1 ? us : LATE_BINS - 1]++;
}

/* the lateness (us, bin's lower edge) at or below which a fraction q of the n counted were */
static long quantile(const uint64_t *hist, uint64_t n, double q) {
  uint64_t want = (uint64_t) (q * (double) n), seen = 0;
  for (long i = 0; i < LATE_BINS; i++) {
    seen += hist[i];
    if (seen > want) {
      return i;
    }
  }
  return LATE_BINS - 1;
}

static long late_quantile(double q) {
  return quantile(late_hist, late_n, q);
}

static long wake_quantile(double q) {
  return quantile(wake_hist, wake_n, q);
}
static int64_t last_change, stats_start;

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t) t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void account(int64_t now) {
  held_area_ns += (double) count * (double) (now - last_change);
  last_change = now;
}

/* accepts the oldest n held packets (ids rise in arrival order: one batch verdict) */
static void release(uint32_t n, int64_t now) {
  if (n == 0) {
    return;
  }
  account(now);
  uint32_t last = ids[(head + n - 1) & (RING - 1)];
  for (uint32_t i = 0; i < n; i++) {
    hold_sum_ns += (double) (now - arrived[(head + i) & (RING - 1)]);
  }
  nfq_set_verdict_batch(qh, last, NF_ACCEPT);
  head = (head + n) & (RING - 1);
  count -= n;
}

static int on_packet(struct nfq_q_handle *q, struct nfgenmsg *msg, struct nfq_data *nfa,
                     void *data) {
  (void) q; (void) msg; (void) data;
  struct nfqnl_msg_packet_hdr *ph = nfq_get_msg_packet_hdr(nfa);
  if (ph == NULL) {
    return 0;
  }
  uint32_t id = ntohl(ph->packet_id);
  unsigned char *payload;
  int len = nfq_get_payload(nfa, &payload);
  uint32_t orig = 0; /* the IPv4 total length: a GSO skb's whole length */
  if (len >= 4) {
    orig = ((uint32_t) payload[2] << 8) | payload[3];
  }
  int64_t now = now_ns();
  if (count == RING) {
    release(1, now);
  }
  account(now);
  uint32_t slot = (head + count) & (RING - 1);
  ids[slot] = id;
  arrived[slot] = now;
  due[slot] = now + delay_ns;
  count++;
  packets++;
  bytes += orig;
  if (count > held_max) {
    held_max = count;
  }
  if (mode == PERIOD && next_period == 0) {
    next_period = now + delay_ns - now % delay_ns;
  }
  if (mode == SLIDING) {
    slide_due = now + delay_ns;
  }
  return 0;
}

/* releases what is due at now; returns the next due time (0: nothing held) */
static int64_t service(int64_t now) {
  if (mode == FIXED) {
    uint32_t n = 0;
    while (n < count && due[(head + n) & (RING - 1)] <= now) {
      late(now - due[(head + n) & (RING - 1)]);
      n++;
    }
    if (n > 0) {
      wake_late(now - due[head]);
    }
    release(n, now);
    return count > 0 ? due[head] : 0;
  }
  if (mode == PERIOD) {
    if (next_period != 0 && now >= next_period) {
      late(now - next_period);
      wake_late(now - next_period);
      release(count, now);
      next_period = count > 0 ? next_period + delay_ns : 0;
      while (next_period != 0 && next_period <= now) {
        next_period += delay_ns;
      }
    }
    return next_period;
  }
  if (slide_due != 0 && now >= slide_due) {
    late(now - slide_due);
    wake_late(now - slide_due);
    release(count, now);
    slide_due = 0;
  }
  return slide_due;
}

static void on_signal(int s) {
  (void) s;
  stop = 1;
}

static void reset_stats(int64_t now) {
  account(now);
  packets = 0;
  bytes = 0;
  held_max = count;
  held_area_ns = 0;
  hold_sum_ns = 0;
  late_sum_ns = 0;
  late_n = 0;
  late_max_ns = 0;
  memset(late_hist, 0, sizeof late_hist);
  memset(wake_hist, 0, sizeof wake_hist);
  wake_n = 0;
  wake_min_ns = -1;
  wake_max_ns = 0;
  stats_start = now;
}

/* one line of statistics, from the last restart to now */
static void print_stats(int64_t now) {
  account(now);
  printf("packets=%llu bytes=%llu held_avg=%.3f held_max=%llu hold_avg_us=%.1f"
         " late_avg_us=%.1f late_p10_us=%ld late_p50_us=%ld late_p90_us=%ld late_p99_us=%ld"
         " late_p999_us=%ld late_max_us=%.1f releases=%llu wake_min_us=%.1f wake_p10_us=%ld"
         " wake_p50_us=%ld wake_p90_us=%ld wake_p99_us=%ld wake_p999_us=%ld wake_max_us=%.1f"
         " wakes=%llu\n",
         (unsigned long long) packets, (unsigned long long) bytes,
         now > stats_start ? held_area_ns / (double) (now - stats_start) : 0.0, (unsigned long long) held_max,
         packets > 0 ? hold_sum_ns / (double) packets / 1000.0 : 0.0,
         late_n > 0 ? late_sum_ns / (double) late_n / 1000.0 : 0.0, late_quantile(0.1),
         late_quantile(0.5), late_quantile(0.9), late_quantile(0.99), late_quantile(0.999),
         (double) late_max_ns / 1000.0, (unsigned long long) late_n,
         wake_min_ns < 0 ? 0.0 : (double) wake_min_ns / 1000.0, wake_quantile(0.1),
         wake_quantile(0.5), wake_quantile(0.9), wake_quantile(0.99), wake_quantile(0.999),
         (double) wake_max_ns / 1000.0, (unsigned long long) wake_n);
  fflush(stdout);
}

static int set_tso(const char *ifname, const char *onoff) {
  int s = socket(AF_INET, SOCK_DGRAM, 0);
  if (s < 0) {
    perror("holder: socket");
    return 1;
  }
  struct ethtool_value ev = {ETHTOOL_STSO, strcmp(onoff, "on") == 0 ? 1 : 0};
  struct ifreq ifr;
  memset(&ifr, 0, sizeof ifr);
  strncpy(ifr.ifr_name, ifname, IFNAMSIZ - 1);
  ifr.ifr_data = (void *) &ev;
  if (ioctl(s, SIOCETHTOOL, &ifr) < 0) {
    perror("holder: SIOCETHTOOL ETHTOOL_STSO");
    close(s);
    return 1;
  }
  close(s);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 4 && strcmp(argv[1], "tso") == 0) {
    return set_tso(argv[2], argv[3]);
  }
  if (argc != 4) {
    fprintf(stderr, "usage: holder QUEUE fixed|period|sliding USECS\n");
    return 2;
  }
  int queue = atoi(argv[1]);
  if (strcmp(argv[2], "fixed") == 0) {
    mode = FIXED;
  } else if (strcmp(argv[2], "period") == 0) {
    mode = PERIOD;
  } else if (strcmp(argv[2], "sliding") == 0) {
    mode = SLIDING;
  } else {
    fprintf(stderr, "holder: mode must be fixed, period or sliding\n");
    return 2;
  }
  delay_ns = (int64_t) atoll(argv[3]) * 1000;
  if (delay_ns <= 0) {
    fprintf(stderr, "holder: USECS must be > 0\n");
    return 2;
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);

  struct nfq_handle *h = nfq_open();
  if (h == NULL) {
    perror("holder: nfq_open");
    return 1;
  }
  qh = nfq_create_queue(h, (uint16_t) queue, on_packet, NULL);
  if (qh == NULL) {
    perror("holder: nfq_create_queue");
    return 1;
  }
  /* metadata and 64 bytes of header are enough; keep GSO skbs whole */
  if (nfq_set_mode(qh, NFQNL_COPY_PACKET, 64) < 0) {
    perror("holder: nfq_set_mode");
    return 1;
  }
  nfq_set_queue_maxlen(qh, RING / 2);
  nfq_set_queue_flags(qh, NFQA_CFG_F_GSO, NFQA_CFG_F_GSO);
  int fd = nfq_fd(h);
  int rcvbuf = 64 << 20;
  setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof rcvbuf);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  printf("ready\n");
  fflush(stdout);

  static char buf[1 << 16];
  int64_t next = 0;
  last_change = now_ns();
  stats_start = last_change;
  while (!stop) {
    struct pollfd p[2] = {{fd, POLLIN, 0}, {0, POLLIN, 0}};
    struct timespec ts, *tsp = NULL;
    if (next != 0) {
      int64_t wait = next - now_ns();
      if (wait < 0) {
        wait = 0;
      }
      ts.tv_sec = wait / 1000000000LL;
      ts.tv_nsec = wait % 1000000000LL;
      tsp = &ts;
    }
    int r = ppoll(p, 2, tsp, NULL);
    if (r < 0 && errno != EINTR) {
      perror("holder: ppoll");
      break;
    }
    if (r > 0 && (p[1].revents & (POLLIN | POLLHUP))) {
      char c;
      if (read(0, &c, 1) <= 0) {
        break; /* the parent went away */
      }
      if (c == 's') {
        print_stats(now_ns()); /* the measured window ends; holding goes on */
      } else {
        reset_stats(now_ns());
      }
    }
    for (;;) {
      ssize_t n = recv(fd, buf, sizeof buf, 0);
      if (n > 0) {
        nfq_handle_packet(h, buf, (int) n);
        continue;
      }
      if (n < 0 && errno == ENOBUFS) {
        fprintf(stderr, "holder: netlink overrun (packets dropped by the queue)\n");
        continue;
      }
      break;
    }
    next = service(now_ns());
  }
  int64_t end = now_ns();
  release(count, end);
  account(end);
  print_stats(end);
  fflush(stdout);
  nfq_destroy_queue(qh);
  nfq_close(h);
  return 0;
}
