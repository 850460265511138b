/*
 * nicsim_jni.c: how the JVM calls a kernel function compiled from a tree (nicsim's own code, no
 * kernel text). Built once per JVM with the system compiler against the JDK's jni.h; each
 * function is a shared library of its own (nicsim_kernel.h with NICSIM_IN_LOOP), opened here
 * with dlopen and called through nicsim_loop_call.
 *
 * The guard: a call runs between sigsetjmp and a per-thread "in a call" mark. A fault the C
 * makes (SIGSEGV, SIGBUS, SIGFPE, SIGILL) jumps back here and the call returns the signal; a
 * call that has not returned after the bound is interrupted the same way by a watchdog thread
 * (a real-time signal the JVM does not use). Signals that arrive outside a guarded call are
 * the JVM's own (implicit null checks, safepoint polls, divisions by zero in Java) and go on
 * to the handler the JVM installed before us: the chaining libjsig would otherwise do.
 */
#define _GNU_SOURCE
#include <jni.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef long long (*nicsim_entry)(const long long *, long long *, long long, char *, long long);

#define NICSIM_SLOTS 256
#define NICSIM_MAX_IN 16384
#define NICSIM_MAX_OUT (1 << 16)
#define NICSIM_TEXT (1 << 16)
#define NICSIM_TIMEOUT_RET (-1000)
#define NICSIM_OVERFLOW_RET (-2000)

/* One thread's guard, visible to the watchdog. */
struct nicsim_slot {
  volatile int used;
  volatile int in_call;
  volatile long seq;
  pthread_t thread;
  sigjmp_buf jump;
  long long in[NICSIM_MAX_IN];
  long long out[NICSIM_MAX_OUT];
  char text[NICSIM_TEXT];
};

static struct nicsim_slot *nicsim_slots[NICSIM_SLOTS];
static pthread_mutex_t nicsim_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t nicsim_key;
static __thread struct nicsim_slot *nicsim_self;
static struct sigaction nicsim_previous[65];
static int nicsim_timeout_signal;
static volatile long nicsim_timeout_ms = 2000;
static char nicsim_error[512];

static const int nicsim_faults[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};

static void nicsim_forward(int sig, siginfo_t *info, void *ctx) {
  struct sigaction *p = &nicsim_previous[sig];
  if (p->sa_flags & SA_SIGINFO) {
    if (p->sa_sigaction) {
      p->sa_sigaction(sig, info, ctx);
      return;
    }
  } else if (p->sa_handler == SIG_IGN) {
    return;
  } else if (p->sa_handler != SIG_DFL) {
    p->sa_handler(sig);
    return;
  }
  /* the default action: die of the signal, as the process would have without us */
  signal(sig, SIG_DFL);
  raise(sig);
}

static void nicsim_handler(int sig, siginfo_t *info, void *ctx) {
  struct nicsim_slot *s = nicsim_self;
  if (s != NULL && s->in_call) {
    s->in_call = 0;
    siglongjmp(s->jump, sig);
  }
  if (sig == nicsim_timeout_signal) {
    return; /* a late interrupt for a call that has since returned */
  }
  nicsim_forward(sig, info, ctx);
}

static void nicsim_release(void *p) {
  struct nicsim_slot *s = p;
  pthread_mutex_lock(&nicsim_lock);
  s->used = 0;
  pthread_mutex_unlock(&nicsim_lock);
}

static struct nicsim_slot *nicsim_slot(void) {
  if (nicsim_self != NULL) {
    return nicsim_self;
  }
  pthread_mutex_lock(&nicsim_lock);
  struct nicsim_slot *found = NULL;
  for (int i = 0; i < NICSIM_SLOTS && found == NULL; i++) {
    if (nicsim_slots[i] == NULL) {
      nicsim_slots[i] = calloc(1, sizeof(struct nicsim_slot));
      if (nicsim_slots[i] == NULL) {
        break;
      }
    }
    if (!nicsim_slots[i]->used) {
      found = nicsim_slots[i];
      found->used = 1;
      found->in_call = 0;
      found->thread = pthread_self();
    }
  }
  pthread_mutex_unlock(&nicsim_lock);
  if (found != NULL) {
    nicsim_self = found;
    pthread_setspecific(nicsim_key, found);
  }
  return found;
}

/* Interrupts a call that has been running longer than the bound. */
static void *nicsim_watchdog(void *unused) {
  (void)unused;
  long seen[NICSIM_SLOTS];
  long since[NICSIM_SLOTS];
  long now = 0;
  memset(seen, 0, sizeof seen);
  memset(since, 0, sizeof since);
  for (;;) {
    struct timespec t = {0, 20 * 1000 * 1000};
    nanosleep(&t, NULL);
    now += 20;
    for (int i = 0; i < NICSIM_SLOTS; i++) {
      struct nicsim_slot *s = nicsim_slots[i];
      if (s == NULL || !s->used || !s->in_call) {
        seen[i] = -1;
        continue;
      }
      long seq = s->seq;
      if (seq != seen[i]) {
        seen[i] = seq;
        since[i] = now;
      } else if (now - since[i] >= nicsim_timeout_ms) {
        pthread_kill(s->thread, nicsim_timeout_signal);
        since[i] = now; /* again after another bound if it is still there */
      }
    }
  }
  return NULL;
}

JNIEXPORT jstring JNICALL Java_io_nicsim_portcheck_JniShim_install(JNIEnv *env, jclass c,
    jlong timeoutMs) {
  (void)c;
  nicsim_timeout_ms = (long)timeoutMs;
  if (pthread_key_create(&nicsim_key, nicsim_release) != 0) {
    return (*env)->NewStringUTF(env, "pthread_key_create failed");
  }
  nicsim_timeout_signal = SIGRTMIN + 7;
  int signals[5];
  memcpy(signals, nicsim_faults, sizeof nicsim_faults);
  signals[4] = nicsim_timeout_signal;
  for (int i = 0; i < 5; i++) {
    struct sigaction a;
    memset(&a, 0, sizeof a);
    a.sa_sigaction = nicsim_handler;
    a.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&a.sa_mask);
    if (sigaction(signals[i], &a, &nicsim_previous[signals[i]]) != 0) {
      return (*env)->NewStringUTF(env, strerror(errno));
    }
  }
  pthread_t w;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&w, &attr, nicsim_watchdog, NULL) != 0) {
    return (*env)->NewStringUTF(env, "cannot start the watchdog thread");
  }
  return NULL;
}

JNIEXPORT jlong JNICALL Java_io_nicsim_portcheck_JniShim_open(JNIEnv *env, jclass c,
    jstring path) {
  (void)c;
  const char *p = (*env)->GetStringUTFChars(env, path, NULL);
  void *h = dlopen(p, RTLD_NOW | RTLD_LOCAL);
  (*env)->ReleaseStringUTFChars(env, path, p);
  if (h == NULL) {
    const char *e = dlerror();
    strncpy(nicsim_error, e ? e : "dlopen failed", sizeof nicsim_error - 1);
    return 0;
  }
  return (jlong)(intptr_t)h;
}

JNIEXPORT jstring JNICALL Java_io_nicsim_portcheck_JniShim_error(JNIEnv *env, jclass c) {
  (void)c;
  return (*env)->NewStringUTF(env, nicsim_error);
}

JNIEXPORT jlong JNICALL Java_io_nicsim_portcheck_JniShim_symbol(JNIEnv *env, jclass c,
    jlong handle, jstring name) {
  (void)c;
  const char *n = (*env)->GetStringUTFChars(env, name, NULL);
  void *s = dlsym((void *)(intptr_t)handle, n);
  (*env)->ReleaseStringUTFChars(env, name, n);
  return (jlong)(intptr_t)s;
}

JNIEXPORT jint JNICALL Java_io_nicsim_portcheck_JniShim_inputs(JNIEnv *env, jclass c,
    jlong handle) {
  (void)env;
  (void)c;
  const int *n = dlsym((void *)(intptr_t)handle, "nicsim_loop_inputs");
  return n == NULL ? -1 : *n;
}

JNIEXPORT void JNICALL Java_io_nicsim_portcheck_JniShim_close(JNIEnv *env, jclass c,
    jlong handle) {
  (void)env;
  (void)c;
  dlclose((void *)(intptr_t)handle);
}

/*
 * The calling thread's input and output words as direct buffers (0 in, 1 out), which the Java
 * side fills and reads without a JNI call (callSlot); null when no slot is left.
 */
JNIEXPORT jobject JNICALL Java_io_nicsim_portcheck_JniShim_slot(JNIEnv *env, jclass c,
    jint which) {
  (void)c;
  struct nicsim_slot *s = nicsim_slot();
  if (s == NULL) {
    return NULL;
  }
  return which == 0 ? (*env)->NewDirectByteBuffer(env, s->in, (jlong)sizeof s->in)
                    : (*env)->NewDirectByteBuffer(env, s->out, (jlong)sizeof s->out);
}

/* the guarded call itself, on the slot's words; the words or bytes written, or a status */
static long long nicsim_guarded(struct nicsim_slot *s, nicsim_entry f, int binary, long long cap) {
  s->seq++;
  int sig = sigsetjmp(s->jump, 0);
  if (sig != 0) {
    /* back from the handler: the signal is still blocked (no mask was saved) */
    sigset_t m;
    sigemptyset(&m);
    sigaddset(&m, sig);
    pthread_sigmask(SIG_UNBLOCK, &m, NULL);
    return sig == nicsim_timeout_signal ? NICSIM_TIMEOUT_RET : -sig;
  }
  s->in_call = 1;
  long long n = f(s->in, binary ? s->out : NULL, cap, s->text, NICSIM_TEXT);
  s->in_call = 0;
  return n < 0 ? NICSIM_OVERFLOW_RET : n;
}

/*
 * One guarded binary call on the words the Java side put in the thread's slot (slot(0)): the
 * output words left in slot(1), their count returned (or a status, as call's). No JNI call in
 * it: the records cross as the Java side's bulk copies, not as array copies through the VM.
 */
JNIEXPORT jlong JNICALL Java_io_nicsim_portcheck_JniShim_callSlot(JNIEnv *env, jclass c,
    jlong entry, jint cap) {
  (void)env;
  (void)c;
  struct nicsim_slot *s = nicsim_self;
  if (s == NULL) {
    return NICSIM_OVERFLOW_RET;
  }
  return nicsim_guarded(s, (nicsim_entry)(intptr_t)entry, 1,
                        cap < NICSIM_MAX_OUT ? cap : NICSIM_MAX_OUT);
}

/*
 * One guarded call. Binary: the words written into out (at most out's length). Text (out
 * null): the record's length, its characters in text. Negative: -N the C died of signal N,
 * NICSIM_TIMEOUT_RET it did not return within the bound, NICSIM_OVERFLOW_RET the record did
 * not fit.
 */
JNIEXPORT jlong JNICALL Java_io_nicsim_portcheck_JniShim_call(JNIEnv *env, jclass c,
    jlong entry, jlongArray in, jint nin, jlongArray out, jbyteArray text) {
  (void)c;
  struct nicsim_slot *s = nicsim_slot();
  if (s == NULL || nin > NICSIM_MAX_IN) {
    return NICSIM_OVERFLOW_RET;
  }
  (*env)->GetLongArrayRegion(env, in, 0, nin, (jlong *)s->in);
  jsize cap = out == NULL ? 0 : (*env)->GetArrayLength(env, out);
  if (cap > NICSIM_MAX_OUT) {
    cap = NICSIM_MAX_OUT;
  }
  long long n = nicsim_guarded(s, (nicsim_entry)(intptr_t)entry, out != NULL, cap);
  if (n < 0) {
    return n;
  }
  if (out != NULL) {
    (*env)->SetLongArrayRegion(env, out, 0, (jsize)n, (const jlong *)s->out);
  } else {
    jsize len = (*env)->GetArrayLength(env, text);
    (*env)->SetByteArrayRegion(env, text, 0, n < len ? (jsize)n : len, (const jbyte *)s->text);
  }
  return n;
}
