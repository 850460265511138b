/*
 * nicsim validate --cpu's UDP flood and its receiver, and the veth's GRO switch.
 *
 *   flood send IP PORT LEN PPS SECONDS
 * sends LEN-byte UDP datagrams to IP:PORT at PPS a second for SECONDS, each at its own due
 * time on CLOCK_MONOTONIC (a sender that fell behind sends at once until it has caught up, so
 * the rate holds over the run; PPS 0: as fast as it can until SECONDS have passed), and prints "sent=N seconds=S cpu_seconds=C" (C: the process's
 * CPU time, which on a kernel without IRQ time accounting includes the softirqs run in its
 * context).
 *
 *   flood recv PORT SECONDS BUSY_POLL_US
 * receives on PORT for SECONDS after its first datagram (blocking reads; with BUSY_POLL_US > 0
 * the socket busy-polls its NAPI for that long before sleeping: SO_BUSY_POLL) and prints
 * "received=N".
 *
 *   flood gro|tso IFNAME on|off
 * switches the device's generic receive offload (ETHTOOL_SGRO) or TCP segmentation offload
 * (ETHTOOL_STSO) through SIOCETHTOOL, for machines without the ethtool program. A veth's
 * transmit uses the receiving end's NAPI when GRO is on there and the skb is eligible: with
 * TSO on at the sender, a UDP skb only if the receiver also has rx-gro-list or
 * rx-udp-gro-forwarding (veth_skb_is_eligible_for_gro), so validate --cpu turns TSO off.
 *
 * Written for nicsim (not derived from kernel or other example text).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifndef SO_BUSY_POLL
#define SO_BUSY_POLL 46
#endif

static long long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long) t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int do_send(const char *ip, int port, int len, long pps, double seconds) {
  int s = socket(AF_INET, SOCK_DGRAM, 0);
  if (s < 0) {
    perror("flood: socket");
    return 1;
  }
  struct sockaddr_in to;
  memset(&to, 0, sizeof to);
  to.sin_family = AF_INET;
  to.sin_port = htons((unsigned short) port);
  if (inet_pton(AF_INET, ip, &to.sin_addr) != 1) {
    fprintf(stderr, "flood: bad address %s\n", ip);
    return 2;
  }
  if (connect(s, (struct sockaddr *) &to, sizeof to) < 0) {
    perror("flood: connect");
    return 1;
  }
  char *buf = calloc(1, (size_t) len);
  if (pps <= 0) {
    /* unpaced: as fast as the CPU sends, for SECONDS (iperf3 -b 0) */
    long long t0 = now_ns();
    long long stop = t0 + (long long) (seconds * 1e9);
    unsigned long long n = 0;
    while (now_ns() < stop) {
      if (send(s, buf, (size_t) len, 0) == len) {
        n++;
      }
    }
    struct timespec cpu;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
    printf("sent=%llu seconds=%.6f cpu_seconds=%.6f\n", n, (now_ns() - t0) / 1e9,
        cpu.tv_sec + cpu.tv_nsec / 1e9);
    fflush(stdout);
    return 0;
  }
  long long gap = 1000000000LL / pps;
  long long start = now_ns();
  long long end = start + (long long) (seconds * 1e9);
  long long due = start;
  unsigned long long sent = 0;
  while (due < end) {
    long long t = now_ns();
    if (t < due) {
      struct timespec ts = {(time_t) (due / 1000000000LL), (long) (due % 1000000000LL)};
      clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
    }
    if (send(s, buf, (size_t) len, 0) == len) {
      sent++;
    }
    due += gap;
  }
  struct timespec cpu;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
  printf("sent=%llu seconds=%.6f cpu_seconds=%.6f\n", sent, (now_ns() - start) / 1e9,
      cpu.tv_sec + cpu.tv_nsec / 1e9);
  fflush(stdout);
  return 0;
}

static int do_recv(int port, double seconds, int busy_us) {
  int s = socket(AF_INET, SOCK_DGRAM, 0);
  if (s < 0) {
    perror("flood: socket");
    return 1;
  }
  int rcvbuf = 4 << 20;
  setsockopt(s, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof rcvbuf);
  if (busy_us > 0 && setsockopt(s, SOL_SOCKET, SO_BUSY_POLL, &busy_us, sizeof busy_us) < 0) {
    perror("flood: SO_BUSY_POLL");
    return 1;
  }
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons((unsigned short) port);
  a.sin_addr.s_addr = htonl(INADDR_ANY);
  if (bind(s, (struct sockaddr *) &a, sizeof a) < 0) {
    perror("flood: bind");
    return 1;
  }
  struct timeval tv = {0, 100000};
  setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  printf("ready\n");
  fflush(stdout);
  char buf[65536];
  /* SECONDS from the first datagram (a sender started late on a busy machine still has all of
   * its datagrams counted), and at most 60 s more waiting for it */
  long long window = (long long) (seconds * 1e9);
  long long end = now_ns() + window + 60000000000LL;
  unsigned long long n = 0;
  while (now_ns() < end) {
    ssize_t r = recv(s, buf, sizeof buf, 0);
    if (r >= 0) {
      if (n++ == 0) {
        end = now_ns() + window;
      }
    }
  }
  printf("received=%llu\n", n);
  fflush(stdout);
  return 0;
}

static int set_flag(const char *ifname, unsigned cmd, const char *onoff, const char *what) {
  int s = socket(AF_INET, SOCK_DGRAM, 0);
  if (s < 0) {
    perror("flood: socket");
    return 1;
  }
  struct ethtool_value ev = {cmd, strcmp(onoff, "on") == 0 ? 1 : 0};
  struct ifreq ifr;
  memset(&ifr, 0, sizeof ifr);
  strncpy(ifr.ifr_name, ifname, IFNAMSIZ - 1);
  ifr.ifr_data = (void *) &ev;
  if (ioctl(s, SIOCETHTOOL, &ifr) < 0) {
    perror(what);
    close(s);
    return 1;
  }
  close(s);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 7 && strcmp(argv[1], "send") == 0) {
    return do_send(argv[2], atoi(argv[3]), atoi(argv[4]), atol(argv[5]), atof(argv[6]));
  }
  if (argc == 5 && strcmp(argv[1], "recv") == 0) {
    return do_recv(atoi(argv[2]), atof(argv[3]), atoi(argv[4]));
  }
  if (argc == 4 && strcmp(argv[1], "gro") == 0) {
    return set_flag(argv[2], ETHTOOL_SGRO, argv[3], "flood: SIOCETHTOOL ETHTOOL_SGRO");
  }
  if (argc == 4 && strcmp(argv[1], "tso") == 0) {
    return set_flag(argv[2], ETHTOOL_STSO, argv[3], "flood: SIOCETHTOOL ETHTOOL_STSO");
  }
  fprintf(stderr, "usage: flood send IP PORT LEN PPS SECONDS | recv PORT SECONDS BUSY_US"
      " | gro|tso IFNAME on|off\n");
  return 2;
}
