/*
 * nicsim_kernel.h: the environment port-check --execute compiles kernel functions in.
 * nicsim's own code (no kernel text): integer types, attributes and annotations the kernel's
 * C uses, printk-style calls and WARN/BUG that record what the kernel would print, a register
 * file behind readl/writel, and the driver loop that reads input records on stdin and prints
 * one output record per input (tokens "name=value" and "call(args)").
 *
 * Every name defined here is never taken from a kernel tree. Arithmetic macros whose exact
 * definition matters (DIV_ROUND_UP, do_div, ...) are taken from the tree when the harness lists
 * their headers; nicsim_fallback.h supplies them otherwise.
 */
#ifndef NICSIM_KERNEL_H
#define NICSIM_KERNEL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <setjmp.h>

#define __KERNEL__ 1
#define CONFIG_64BIT 1
#define BITS_PER_LONG 64
#define BITS_PER_LONG_LONG 64

/* ---- integer types (LP64, as arm64 and x86-64 kernels) ---- */
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;
typedef u8 __u8;
typedef u16 __u16;
typedef u32 __u32;
typedef u64 __u64;
typedef s8 __s8;
typedef s16 __s16;
typedef s32 __s32;
typedef s64 __s64;
typedef u16 __le16;
typedef u32 __le32;
typedef u64 __le64;
typedef u16 __be16;
typedef u32 __be32;
typedef u64 __be64;
typedef u16 __sum16;
typedef u32 __wsum;
typedef _Bool bool;
#define true 1
#define false 0
typedef s64 ktime_t;
typedef u64 dma_addr_t;
typedef u64 phys_addr_t;
typedef u64 resource_size_t;
typedef unsigned int gfp_t;
typedef unsigned int fmode_t;
typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic_long_t;
typedef struct { s64 counter; } atomic64_t;
typedef struct { int refs; } refcount_t;
typedef struct { int locked; } spinlock_t;
typedef struct { int locked; } raw_spinlock_t;
typedef struct { unsigned seq; } seqcount_t;
typedef struct { int count; } mutex_t;

/* ---- kernel structs the taken C only passes around or embeds ---- */
struct list_head { struct list_head *next, *prev; };
struct hlist_node { struct hlist_node *next, **pprev; };
struct rcu_head { struct rcu_head *next; void (*func)(struct rcu_head *head); };
struct work_struct { long data; struct list_head entry; void (*func)(struct work_struct *work); };
struct timer_list { unsigned long expires; void (*function)(struct timer_list *t); };
struct delayed_work { struct work_struct work; struct timer_list timer; };
struct device { const char *init_name; };
struct netlink_ext_ack { const char *_msg; };

/* ---- attributes and annotations the kernel's C carries ---- */
#define __iomem
#define __user
#define __kernel
#define __force
#define __bitwise
#define __rcu
#define __percpu
#define __private
#define __must_check
#define __cold
#define __init
#define __exit
#define __initdata
#define __initconst
#define __read_mostly
#define __ro_after_init
#define __maybe_unused __attribute__((unused))
#define __always_unused __attribute__((unused))
#define __used __attribute__((used))
#define __always_inline inline __attribute__((always_inline))
#define noinline __attribute__((noinline))
#define noinline_for_stack noinline
#define __packed __attribute__((packed))
#define __aligned(x) __attribute__((aligned(x)))
#define __cacheline_aligned
#define __cacheline_aligned_in_smp
#define ____cacheline_aligned
#define ____cacheline_aligned_in_smp
#define __counted_by(x)
#define __nonstring
#define __acquires(x)
#define __releases(x)
#define __must_hold(x)
#define __cond_acquires(x)
#define __no_kcsan
#define __bpf_kfunc
#define __bpf_kfunc_start_defs()
#define __bpf_kfunc_end_defs()
#define notrace
#define asmlinkage
#define __visible
#define __weak __attribute__((weak))
#define __printf(a, b) __attribute__((format(printf, a, b)))
#define fallthrough __attribute__((__fallthrough__))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define unreachable() __builtin_unreachable()
#define barrier() __asm__ __volatile__("" ::: "memory")
#define smp_mb() barrier()
#define smp_rmb() barrier()
#define smp_wmb() barrier()
#define smp_mb__before_atomic() barrier()
#define smp_mb__after_atomic() barrier()
#define dma_wmb() barrier()
#define dma_rmb() barrier()
#define wmb() barrier()
#define rmb() barrier()
#define mb() barrier()
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define data_race(x) (x)
#define EXPORT_SYMBOL(s)
#define EXPORT_SYMBOL_GPL(s)
#define EXPORT_SYMBOL_NS_GPL(s, ns)
#define EXPORT_IPV6_MOD(s)
#define EXPORT_IPV6_MOD_GPL(s)
#define MODULE_LICENSE(s)
#define MODULE_DESCRIPTION(s)
#define MODULE_AUTHOR(s)
#define MODULE_ALIAS(s)
#define module_param(a, b, c)
#define MODULE_PARM_DESC(a, b)
#define INDIRECT_CALLABLE_SCOPE static
#define INDIRECT_CALL_1(f, f1, ...) f(__VA_ARGS__)
#define INDIRECT_CALL_2(f, f2, f1, ...) f(__VA_ARGS__)
#define lockdep_assert_held(l) ((void)0)
#define lockdep_sock_is_held(sk) 1
#define rcu_read_lock() ((void)0)
#define rcu_read_unlock() ((void)0)
#define rcu_dereference(p) (p)
#define rcu_access_pointer(p) (p)
#define rcu_assign_pointer(p, v) ((p) = (v))
#define might_sleep() ((void)0)
#define static_assert(e, ...) _Static_assert(e, #e)
#define BUILD_BUG_ON(c) ((void)sizeof(char[1 - 2 * !!(c)]))
#define BUILD_BUG_ON_MSG(c, m) BUILD_BUG_ON(c)
#define __UNIQUE_ID(p) __nicsim_cat(__nicsim_uid_, __COUNTER__)
#define __nicsim_cat2(a, b) a##b
#define __nicsim_cat(a, b) __nicsim_cat2(a, b)

/* ---- simple generic helpers (their kernel definitions only add type checks) ---- */
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define min_t(t, a, b) ((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define max_t(t, a, b) ((t)(a) > (t)(b) ? (t)(a) : (t)(b))
#define min3(a, b, c) min(min(a, b), c)
#define max3(a, b, c) max(max(a, b), c)
#define umin(a, b) min_t(unsigned long long, a, b)
#define umax(a, b) max_t(unsigned long long, a, b)
#define clamp(v, lo, hi) min(max(v, lo), hi)
#define clamp_t(t, v, lo, hi) min_t(t, max_t(t, v, lo), hi)
#define clamp_val(v, lo, hi) clamp_t(__typeof__(v), v, lo, hi)
#define swap(a, b) do { __typeof__(a) __t = (a); (a) = (b); (b) = __t; } while (0)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define container_of(p, type, member) ((type *)((char *)(p) - offsetof(type, member)))
/* abs() as the kernel's math.h decides it: an unsigned value is read as the signed type of its
   width (abs((u32)(a - b)) is the distance), plain char keeps its type; the negation wraps */
static inline int __nicsim_abs_int(int v) { return v < 0 ? (int)(0u - (unsigned int)v) : v; }
static inline long __nicsim_abs_long(long v) { return v < 0 ? (long)(0ul - (unsigned long)v) : v; }
static inline long long __nicsim_abs_ll(long long v) {
  return v < 0 ? (long long)(0ull - (unsigned long long)v) : v;
}
#define abs(x) _Generic((x), \
    long long: __nicsim_abs_ll((long long)(x)), \
    unsigned long long: __nicsim_abs_ll((long long)(x)), \
    long: __nicsim_abs_long((long)(x)), \
    unsigned long: __nicsim_abs_long((long)(x)), \
    short: __nicsim_abs_int((short)(x)), \
    unsigned short: __nicsim_abs_int((short)(x)), \
    signed char: __nicsim_abs_int((signed char)(x)), \
    unsigned char: __nicsim_abs_int((signed char)(x)), \
    char: (char)__nicsim_abs_int((signed char)(x)), \
    default: __nicsim_abs_int((int)(x)))
#define IS_ENABLED(option) __nicsim_is_defined(option)
#define IS_BUILTIN(option) __nicsim_is_defined(option)
#define IS_REACHABLE(option) __nicsim_is_defined(option)
#define __nicsim_arg_placeholder_1 0,
#define __nicsim_take_second(ignored, val, ...) val
#define __nicsim_is_defined(x) __nicsim_is_defined2(x)
#define __nicsim_is_defined2(val) __nicsim_is_defined3(__nicsim_arg_placeholder_##val)
#define __nicsim_is_defined3(arg1_or_junk) __nicsim_take_second(arg1_or_junk 1, 0)

/* ---- bit operations on unsigned long arrays (generic, non-atomic here: one CPU) ---- */
static inline bool test_bit(long nr, const volatile unsigned long *addr) {
  return 1UL & (addr[nr / BITS_PER_LONG] >> (nr % BITS_PER_LONG));
}
static inline void set_bit(long nr, volatile unsigned long *addr) {
  addr[nr / BITS_PER_LONG] |= 1UL << (nr % BITS_PER_LONG);
}
static inline void clear_bit(long nr, volatile unsigned long *addr) {
  addr[nr / BITS_PER_LONG] &= ~(1UL << (nr % BITS_PER_LONG));
}
#define __set_bit(nr, addr) set_bit(nr, addr)
#define __clear_bit(nr, addr) clear_bit(nr, addr)

/* find last / first set bit, as the generic bitops define them (1-based; 0 for no bit) */
static inline int fls(unsigned int x) {
  return x ? 32 - __builtin_clz(x) : 0;
}
static inline int fls64(u64 x) {
  return x ? 64 - __builtin_clzll(x) : 0;
}
static inline unsigned long __fls(unsigned long x) {
  return 63 - __builtin_clzl(x);
}
#define ffs(x) __builtin_ffs(x)
static inline unsigned long __ffs(unsigned long x) {
  return __builtin_ctzl(x);
}

/* ---- errno ---- */
#define EPERM 1
#define ENOENT 2
#define EIO 5
#define EAGAIN 11
#define ENOMEM 12
#define EBUSY 16
#define EINVAL 22
#define ERANGE 34
#define EOPNOTSUPP 95
#define ETIMEDOUT 110

/* ---- the output record ----
 * port-check prints it as text, one line per input. In the loop (NICSIM_IN_LOOP, the
 * simulation calling the function in-process) the same tokens may go out as binary words
 * instead, decoded by the annotations artifact's NativeOut: per token a header word (kind in
 * bits 0-7: 1 field, 2 unsigned field, 3 call, 4 message call; the count of the words after
 * the name in bits 8-15), the FNV-1a 64-bit hash of its name, then its values (a message's
 * text, as printed, 8 bytes a word). */
static char nicsim_buf[1 << 16];
static size_t nicsim_len;
static long long *nicsim_bin;
static long long nicsim_bin_len;
static long long nicsim_bin_cap;
static int nicsim_bin_overflow;

static void nicsim_tok(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void nicsim_tok(const char *fmt, ...) {
  va_list ap;
  if (nicsim_len > 0 && nicsim_len < sizeof nicsim_buf - 1) {
    nicsim_buf[nicsim_len++] = ' ';
  }
  va_start(ap, fmt);
  int n = vsnprintf(nicsim_buf + nicsim_len, sizeof nicsim_buf - nicsim_len, fmt, ap);
  va_end(ap);
  if (n > 0) {
    nicsim_len += (size_t)n < sizeof nicsim_buf - nicsim_len ? (size_t)n : sizeof nicsim_buf - nicsim_len - 1;
  }
}

static unsigned long long nicsim_name_id(const char *s) {
  unsigned long long h = 0xcbf29ce484222325ULL;
  for (; *s; s++) {
    h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
  }
  return h;
}

/* A name's hash: kept per call site for a literal name (the loop emits the same tokens every
 * call), computed each time for a name built at run time ("e%u"). The site's cache is keyed by
 * the literal's address, so a site that inlining shares between literals stays right. */
#define NICSIM_ID(name) \
  (__builtin_constant_p(name) \
       ? ({ static const char *nicsim_idp_; static unsigned long long nicsim_id_; \
            if (nicsim_idp_ != (name)) { nicsim_id_ = nicsim_name_id(name); nicsim_idp_ = (name); } \
            nicsim_id_; }) \
       : nicsim_name_id(name))

static inline void nicsim_word(long long w) {
  if (nicsim_bin_len < nicsim_bin_cap) {
    nicsim_bin[nicsim_bin_len++] = w;
  } else {
    nicsim_bin_overflow = 1;
  }
}

static void nicsim_field(const char *name, unsigned long long id, long long v, int is_unsigned) {
  if (nicsim_bin) {
    nicsim_word(is_unsigned ? 2 : 1);
    nicsim_word((long long)id);
    nicsim_word(v);
  } else if (is_unsigned) {
    nicsim_tok("%s=%llu", name, (unsigned long long)v);
  } else {
    nicsim_tok("%s=%lld", name, v);
  }
}

/** name=value, signed. */
#define OUT(name, v) nicsim_field(name, nicsim_bin ? NICSIM_ID(name) : 0, (long long)(v), 0)
/** name=value, unsigned 64-bit. */
#define OUTU(name, v) \
  nicsim_field(name, nicsim_bin ? NICSIM_ID(name) : 0, (long long)(unsigned long long)(v), 1)

/** name(a,b,...) with signed decimal arguments; id is name's hash (0: hash it here). */
static void nicsim_call_id(const char *name, unsigned long long id, int n, va_list ap) {
  char args[512];
  size_t len = 0;
  if (nicsim_bin) {
    nicsim_word(3 | ((long long)n << 8));
    nicsim_word((long long)(id ? id : nicsim_name_id(name)));
    for (int i = 0; i < n; i++) {
      nicsim_word(va_arg(ap, long long));
    }
    return;
  }
  args[0] = 0;
  for (int i = 0; i < n && len < sizeof args - 32; i++) {
    len += (size_t)snprintf(args + len, sizeof args - len, i ? ",%lld" : "%lld", va_arg(ap, long long));
  }
  nicsim_tok("%s(%s)", name, args);
}

/** name(a,b,...) with signed decimal arguments. */
static void nicsim_call(const char *name, int n, ...) {
  va_list ap;
  va_start(ap, n);
  nicsim_call_id(name, 0, n, ap);
  va_end(ap);
}

/** name(a[0],...,a[n-1]) with signed decimal arguments; id is name's hash (0: hash it here). */
static void nicsim_call_arr(const char *name, unsigned long long id, int n, const long long *a) {
  if (nicsim_bin) {
    nicsim_word(3 | ((long long)n << 8));
    nicsim_word((long long)(id ? id : nicsim_name_id(name)));
    for (int i = 0; i < n; i++) {
      nicsim_word(a[i]);
    }
    return;
  }
  char args[512];
  size_t len = 0;
  args[0] = 0;
  for (int i = 0; i < n && len < sizeof args - 32; i++) {
    len += (size_t)snprintf(args + len, sizeof args - len, i ? ",%lld" : "%lld", a[i]);
  }
  nicsim_tok("%s(%s)", name, args);
}

/*
 * As nicsim_call, the name's hash given: the arguments (long long each) go as an array, not
 * through varargs, whose register save and va_arg walk cost more than the words written (the
 * loop emits a few dozen calls a record, ~5 % of a --ports c flood as varargs).
 */
#define nicsim_call_h(name, id, n, ...) \
  nicsim_call_arr(name, id, n, (const long long[]){0, ##__VA_ARGS__} + 1)
#define __nicsim_ll(x) ((long long)(x))
#define __nicsim_h(name) (nicsim_bin ? NICSIM_ID(name) : 0)
#define CALL0(name) nicsim_call_h(name, __nicsim_h(name), 0)
#define CALL1(name, a) nicsim_call_h(name, __nicsim_h(name), 1, __nicsim_ll(a))
#define CALL2(name, a, b) nicsim_call_h(name, __nicsim_h(name), 2, __nicsim_ll(a), __nicsim_ll(b))
#define CALL3(name, a, b, c) \
  nicsim_call_h(name, __nicsim_h(name), 3, __nicsim_ll(a), __nicsim_ll(b), __nicsim_ll(c))
#define CALL4(name, a, b, c, d) nicsim_call_h(name, __nicsim_h(name), 4, __nicsim_ll(a), \
  __nicsim_ll(b), __nicsim_ll(c), __nicsim_ll(d))

/** name("message") with the text's spaces as '_' (one token), surrounding blanks dropped. */
static void nicsim_msg(const char *name, const char *fmt, ...) {
  char text[512];
  va_list ap;
  va_start(ap, fmt);
  if (nicsim_bin) {
    /* the text as printed, 8 bytes a word */
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    size_t len = strlen(text);
    long long words = (long long)((len + 7) / 8);
    nicsim_word(4 | (words << 8));
    nicsim_word((long long)nicsim_name_id(name));
    for (long long w = 0; w < words; w++) {
      unsigned long long packed = 0;
      for (int k = 0; k < 8; k++) {
        size_t at = (size_t)w * 8 + (size_t)k;
        packed |= (unsigned long long)(unsigned char)(at < len ? text[at] : 0) << (8 * k);
      }
      nicsim_word((long long)packed);
    }
    return;
  }
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  char *s = text;
  while (*s == ' ' || *s == '\n' || *s == '\t') {
    s++;
  }
  size_t n = strlen(s);
  while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\t')) {
    s[--n] = 0;
  }
  for (char *p = s; *p; p++) {
    if (*p == ' ') {
      *p = '_';
    }
  }
  nicsim_tok("%s(\"%s\")", name, s);
}
#define CALL_MSG(name, ...) nicsim_msg(name, __VA_ARGS__)

/* ---- what the kernel prints, recorded (debug output is dropped) ---- */
#define printk(...) ((void)0)
#define pr_err(...) nicsim_msg("pr_err", __VA_ARGS__)
#define pr_warn(...) nicsim_msg("pr_warn", __VA_ARGS__)
#define pr_info(...) ((void)0)
#define pr_debug(...) ((void)0)
#define pr_err_once(...) pr_err(__VA_ARGS__)
#define pr_warn_once(...) pr_warn(__VA_ARGS__)
#define net_warn_ratelimited(...) pr_warn(__VA_ARGS__)
#define dev_err(dev, ...) nicsim_msg("dev_err", __VA_ARGS__)
#define dev_warn(dev, ...) nicsim_msg("dev_warn", __VA_ARGS__)
#define dev_info(dev, ...) ((void)0)
#define dev_dbg(dev, ...) ((void)0)
#define netdev_err(dev, ...) nicsim_msg("netdev_err", __VA_ARGS__)
#define netdev_warn(dev, ...) nicsim_msg("netdev_warn", __VA_ARGS__)
#define netdev_info(dev, ...) ((void)0)
#define netdev_dbg(dev, ...) ((void)0)
#define netif_err(priv, type, dev, ...) nicsim_msg("netif_err", __VA_ARGS__)
#define netif_warn(priv, type, dev, ...) nicsim_msg("netif_warn", __VA_ARGS__)
#define netif_info(priv, type, dev, ...) ((void)0)
#define netif_dbg(priv, type, dev, ...) ((void)0)
#define NL_SET_ERR_MSG(extack, msg) nicsim_msg("extack", "%s", msg)
#define NL_SET_ERR_MSG_MOD(extack, msg) nicsim_msg("extack", "%s", msg)
#define NL_SET_ERR_MSG_FMT_MOD(extack, ...) nicsim_msg("extack", __VA_ARGS__)
#define WARN_ON(c) ({ int __c = !!(c); if (__c) CALL0("WARN_ON"); __c; })
#define WARN_ON_ONCE(c) WARN_ON(c)
#define WARN(c, ...) WARN_ON(c)
#define WARN_ONCE(c, ...) WARN_ON(c)
#define BUG_ON(c) do { if (c) CALL0("BUG"); } while (0)
#define BUG() CALL0("BUG")
#define DEBUG_NET_WARN_ON_ONCE(c) ((void)0)

/* ---- time ---- */
static unsigned long jiffies;

/* ---- a register file behind readl/writel: offsets from nicsim_mmio ---- */
static u32 nicsim_mmio_regs[1 << 14];
static char nicsim_mmio[1 << 16];
#define NICSIM_MMIO_OFF(addr) ((long long)((const char *)(addr) - nicsim_mmio))
static u32 nicsim_readl(const volatile void *addr) {
  long long off = NICSIM_MMIO_OFF(addr);
  return off >= 0 && off < (long long)sizeof nicsim_mmio ? nicsim_mmio_regs[off >> 2] : 0;
}
static void nicsim_writel(u32 v, volatile void *addr) {
  long long off = NICSIM_MMIO_OFF(addr);
  CALL2("writel", off, v);
  if (off >= 0 && off < (long long)sizeof nicsim_mmio) {
    nicsim_mmio_regs[off >> 2] = v;
  }
}
#define readl(a) nicsim_readl(a)
#define readl_relaxed(a) nicsim_readl(a)
#define writel(v, a) nicsim_writel((u32)(v), a)
#define writel_relaxed(v, a) nicsim_writel((u32)(v), a)
#define ioread32(a) nicsim_readl(a)
#define iowrite32(v, a) nicsim_writel((u32)(v), a)

/* ---- the driver loop: one input record per line, one output record per line ---- */
#ifndef NICSIM_NIN
#define NICSIM_NIN 1
#endif
static void nicsim_run(const long long *in);
#ifdef NICSIM_PROBES
/* port-check's probes: the values of closed parts of the function's comparisons */
static void nicsim_probes(void);
#endif

/*
 * A record the function dies on (a division by zero, a bad pointer) prints "signal=N" and the
 * loop goes on with the next record; one that does not return within NICSIM_RECORD_SECONDS
 * ($NICSIM_RECORD_SECONDS when set) of CPU time prints "timeout" (after NICSIM_MAX_TIMEOUTS of
 * them, every record left does). CPU time, not the clock: on a loaded machine a process may wait
 * seconds for a core, and that is no hang.
 *
 * No system call per record: the CPU-time limit is a profiling timer set once, ticking every
 * NICSIM_TICK_US of CPU time, that counts the ticks of the record being run; the jump buffer
 * keeps no signal mask (the mask is mended on the rare jump instead); output is written when the
 * program is about to wait for input, so a burst of records goes out in one write.
 */
#define NICSIM_RECORD_SECONDS 5
#define NICSIM_MAX_TIMEOUTS 3
#define NICSIM_TICK_US 100000
/* signal(), sigrelse(), setitimer(), read() and errno declared here, not through <signal.h>,
 * <sys/time.h> and <unistd.h>: fewer names the kernel's C or a harness could collide with
 * (Linux's numbers on x86-64 and arm64) */
extern void (*signal(int sig, void (*handler)(int)))(int);
extern int sigrelse(int sig);
extern long read(int fd, void *buf, size_t count);
extern int *__errno_location(void);
#define NICSIM_EINTR 4
struct nicsim_timeval {
  long tv_sec;
  long tv_usec;
};
struct nicsim_itimerval {
  struct nicsim_timeval it_interval;
  struct nicsim_timeval it_value;
};
extern int setitimer(int which, const struct nicsim_itimerval *value,
    struct nicsim_itimerval *old);
#define NICSIM_ITIMER_PROF 2
#define NICSIM_SIGBUS 7
#define NICSIM_SIGFPE 8
#define NICSIM_SIGSEGV 11
#define NICSIM_SIGPROF 27
static sigjmp_buf nicsim_jump;
/* set while a record runs; the profiling ticks it has used; how many it may use */
static volatile int nicsim_in_record;
static volatile unsigned long nicsim_record_ticks;
static unsigned long nicsim_tick_limit;
/* a tick passed since the output was last written */
static volatile int nicsim_flush_due;
static void nicsim_on_signal(int sig) {
  if (sig == NICSIM_SIGPROF) {
    nicsim_flush_due = 1;
    if (!nicsim_in_record || ++nicsim_record_ticks <= nicsim_tick_limit) {
      return;
    }
  }
  nicsim_in_record = 0;
  siglongjmp(nicsim_jump, sig);
}

static void nicsim_catch(void) {
  signal(NICSIM_SIGFPE, nicsim_on_signal);
  signal(NICSIM_SIGSEGV, nicsim_on_signal);
  signal(NICSIM_SIGBUS, nicsim_on_signal);
  signal(NICSIM_SIGPROF, nicsim_on_signal);
}

/* SIGPROF every NICSIM_TICK_US of this process's CPU time */
static void nicsim_main_tick(void) {
  struct nicsim_itimerval t = {{0, NICSIM_TICK_US}, {0, NICSIM_TICK_US}};
  setitimer(NICSIM_ITIMER_PROF, &t, NULL);
}

/* The input, read in large blocks: the next line (its newline made 0), or NULL at the end.
 * Before it waits for input, the output so far is written. */
static char nicsim_main_in[NICSIM_NIN * 24 + (1 << 16)];
static size_t nicsim_main_at;
static size_t nicsim_main_end;
static char *nicsim_main_line(void) {
  for (;;) {
    char *nl = memchr(nicsim_main_in + nicsim_main_at, '\n', nicsim_main_end - nicsim_main_at);
    if (nl) {
      char *line = nicsim_main_in + nicsim_main_at;
      *nl = 0;
      nicsim_main_at = (size_t)(nl - nicsim_main_in) + 1;
      return line;
    }
    memmove(nicsim_main_in, nicsim_main_in + nicsim_main_at, nicsim_main_end - nicsim_main_at);
    nicsim_main_end -= nicsim_main_at;
    nicsim_main_at = 0;
    if (nicsim_main_end >= sizeof nicsim_main_in - 1) {
      /* a line longer than any record: taken as it is */
      nicsim_main_in[nicsim_main_end] = 0;
      nicsim_main_at = nicsim_main_end = 0;
      return nicsim_main_in;
    }
    fflush(stdout);
    nicsim_flush_due = 0;
    long n = read(0, nicsim_main_in + nicsim_main_end, sizeof nicsim_main_in - 1 - nicsim_main_end);
    if (n > 0) {
      nicsim_main_end += (size_t)n;
      continue;
    }
    if (n < 0 && *__errno_location() == NICSIM_EINTR) {
      continue;
    }
    if (nicsim_main_end == 0) {
      return NULL;
    }
    /* the last line without its newline */
    nicsim_main_in[nicsim_main_end] = 0;
    nicsim_main_at = nicsim_main_end = 0;
    return nicsim_main_in;
  }
}

/* One decimal value as Java prints a long; p is left after it (unmoved when there is none). */
static long long nicsim_main_parse(char **p) {
  char *s = *p;
  while (*s == ' ') {
    s++;
  }
  int neg = *s == '-';
  char *d = s + neg;
  if (*d < '0' || *d > '9') {
    return 0;
  }
  unsigned long long v = 0;
  while (*d >= '0' && *d <= '9') {
    v = v * 10 + (unsigned long long)(*d++ - '0');
  }
  *p = d;
  return (long long)(neg ? 0 - v : v);
}

#ifdef NICSIM_IN_LOOP
/*
 * In the loop: a shared library the simulation calls once per call of the function. Binary
 * tokens into out (at most cap words; -1 when they did not fit), or, with out NULL, the text
 * record port-check prints into text. Returns the words or characters written.
 */
__attribute__((visibility("default"))) const int nicsim_loop_inputs = NICSIM_NIN;

__attribute__((visibility("default")))
long long nicsim_loop_call(const long long *in, long long *out, long long cap, char *text,
    long long textcap) {
  nicsim_len = 0;
  nicsim_buf[0] = 0;
  nicsim_bin = out;
  nicsim_bin_len = 0;
  nicsim_bin_cap = out ? cap : 0;
  nicsim_bin_overflow = 0;
  nicsim_run(in);
  if (out) {
    nicsim_bin = NULL;
    return nicsim_bin_overflow ? -1 : nicsim_bin_len;
  }
  long long n = (long long)nicsim_len < textcap - 1 ? (long long)nicsim_len : textcap - 1;
  memcpy(text, nicsim_buf, (size_t)n);
  text[n] = 0;
  return n;
}
#else
int main(int argc, char **argv) {
  long long in[NICSIM_NIN];
  int timeouts = 0;
#ifdef NICSIM_PROBES
  if (argc > 1 && strcmp(argv[1], "--probe") == 0) {
    setvbuf(stdout, NULL, _IOLBF, 1 << 12);
    nicsim_probes();
    return 0;
  }
#endif
  (void)argc;
  (void)argv;
  /* port-check asks for a line per record after a run that died without saying where (a record
   * that kills the program must not lose the ones before it) */
  const char *each = getenv("NICSIM_FLUSH_EACH");
  setvbuf(stdout, NULL, each && *each == '1' ? _IOLBF : _IOFBF, 1 << 16);
  nicsim_catch();
  const char *limit = getenv("NICSIM_RECORD_SECONDS");
  unsigned int seconds = limit && atoi(limit) > 0 ? (unsigned int)atoi(limit)
      : NICSIM_RECORD_SECONDS;
  nicsim_tick_limit = (unsigned long)seconds * (1000000 / NICSIM_TICK_US);
  nicsim_main_tick();
  char *line;
  while ((line = nicsim_main_line()) != NULL) {
    if (timeouts >= NICSIM_MAX_TIMEOUTS) {
      fputs("timeout\n", stdout);
      continue;
    }
    char *p = line;
    for (int i = 0; i < NICSIM_NIN; i++) {
      in[i] = nicsim_main_parse(&p);
    }
    nicsim_len = 0;
    nicsim_buf[0] = 0;
    int sig = sigsetjmp(nicsim_jump, 0);
    if (sig == 0) {
      nicsim_record_ticks = 0;
      nicsim_in_record = 1;
      nicsim_run(in);
      nicsim_in_record = 0;
      fwrite(nicsim_buf, 1, nicsim_len, stdout);
    } else {
      /* the handler's signal stays blocked after the jump (no mask was kept): unblock it */
      sigrelse(sig);
      if (sig == NICSIM_SIGPROF) {
        timeouts++;
        fputs("timeout", stdout);
      } else {
        fprintf(stdout, "signal=%d", sig);
      }
    }
    fputc('\n', stdout);
    if (nicsim_flush_due) {
      /* a tick of CPU time since the last write: port-check sees progress */
      nicsim_flush_due = 0;
      fflush(stdout);
    }
  }
  fflush(stdout);
  return 0;
}

#endif

#endif /* NICSIM_KERNEL_H */
