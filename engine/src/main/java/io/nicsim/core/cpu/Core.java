package io.nicsim.core.cpu;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import io.nicsim.core.trace.Tracer;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * One simulated CPU. It executes work serially — hard interrupts first, then softirqs, then
 * process-context tasks — and every piece of work charges named costs that advance the core's
 * {@linkplain #cursor() cursor}. A piece of work runs atomically at its start time: state
 * changes happen then, while effects on hardware and other cores are timed at the cursor
 * (start + costs charged so far). The next piece of work starts when the cursor is reached, so
 * CPU-bound throughput follows from the costs.
 *
 * <p>Softirqs follow {@code __do_softirq} (kernel/softirq.c): they run on irq exit and after
 * process context raises them; one invocation restarts while vectors are re-raised, at most
 * {@value #MAX_SOFTIRQ_RESTART} times and within 2 ms (in jiffies), then hands the rest to
 * ksoftirqd, a task that competes with applications.
 */
public final class Core {
  /** MAX_SOFTIRQ_RESTART (kernel/softirq.c). */
  public static final int MAX_SOFTIRQ_RESTART = 10;
  /** MAX_SOFTIRQ_TIME = 2 ms. */
  public static final long MAX_SOFTIRQ_TIME_NS = 2_000_000L;

  private final Cpu cpu;
  private final int id;
  private final Simulator sim;
  private final CostTable costs;
  private final Event dispatch;

  private long cursor;
  private CpuContext context = CpuContext.IDLE;
  private boolean inWork;

  private HardirqSource hqHead;
  private HardirqSource hqTail;

  private int softirqPending;
  private boolean softirqKick;
  private boolean sessionActive;
  private int sessionVectors;
  private int continuingVec = -1;
  private long sessionEndJiffies;
  private int restartsLeft;
  private final Task ksoftirqd;
  private boolean inKsoftirqd;

  private final ArrayDeque<Task> runqueue = new ArrayDeque<>();
  private Task current;
  private Task lastRan;
  /** The task the last traced sched_switch switched to (null: idle); tracing only. */
  private Task traced;
  /** The task whose process-context raise kicked the pending softirqs (its local_bh_enable). */
  private Task kickTask;
  /** While a kicked softirq step runs: the task it runs on behalf of (ftrace's current). */
  private Task bhTask;
  private long sliceStart;

  private CpuIdle idle;

  /**
   * Per op id, three longs side by side: the op's cost from the table (-1 until first charged),
   * the ns charged to it beyond calls × cost (explicit durations, multiples, perturbation) and
   * its calls. A plain charge then only counts the call: the op's ns are calls × cost + that
   * remainder ({@link #nsCharged}).
   */
  private long[] ops = newOps(64);
  /**
   * ns charged per context, up to {@link #contextMark}: the cursor when the current context
   * began; the time since then belongs to it ({@link #enterContext}, {@link #nsIn}). Only
   * charges move the cursor while work runs, so this is the sum of the charges in each context.
   */
  private final long[] contextNs = new long[CpuContext.values().length + 1];
  private long contextMark;
  /** {@code context.ordinal()}, kept beside it. */
  private int contextIx = IDLE_IX;
  private static final int IDLE_IX = CpuContext.IDLE.ordinal();
  private static final int HARDIRQ_IX = CpuContext.HARDIRQ.ordinal();
  private static final int SOFTIRQ_IX = CpuContext.SOFTIRQ.ordinal();
  private static final int TASK_IX = CpuContext.TASK.ordinal();
  /**
   * A task outside a system call (mpstat's %usr): a slot of its own beside the contexts, so
   * that {@link CpuContext#TASK} time splits into kernel (%sys) and user time without a context
   * of its own.
   */
  private static final int USER_IX = CpuContext.values().length;
  /** The CPU's timing perturbation ({@link Cpu#perturb}), copied here for the charge path. */
  Perturbation perturbation;
  /** {@code inWork && perturbation == null}: a charge is its op's cost, nothing to check. */
  private boolean plainCharges;
  private long hardirqs;
  private long softirqSessions;
  private long ksoftirqdWakeups;
  private long contextSwitches;

  private final CostOp irqEntry;
  private final CostOp softirqEntry;
  private final CostOp contextSwitch;
  private final CostOp tryToWakeUp;

  Core(Cpu cpu, int id) {
    this.cpu = cpu;
    this.id = id;
    this.sim = cpu.simulator();
    this.costs = cpu.costs();
    this.irqEntry = costs.requireOp(KernelOps.IRQ_ENTRY);
    this.softirqEntry = costs.requireOp(KernelOps.SOFTIRQ_ENTRY);
    this.contextSwitch = costs.requireOp(KernelOps.CONTEXT_SWITCH);
    this.tryToWakeUp = costs.requireOp(KernelOps.TRY_TO_WAKE_UP);
    this.dispatch =
        new Event() {
          @Override
          protected void fire() {
            runOne();
          }

          @Override
          public boolean nestable() {
            return nextPieceNestable();
          }
        };
    this.ksoftirqd =
        new Task("ksoftirqd/" + id) {
          @Override
          protected boolean run(Core core) {
            return core.runKsoftirqd();
          }
        };
    this.ksoftirqd.core = this;
  }

  public int id() {
    return id;
  }

  public Cpu cpu() {
    return cpu;
  }

  /**
   * During work: the time the code currently executing has reached (start + charged costs).
   * When idle: the time the last work ended.
   */
  public long cursor() {
    return cursor;
  }

  public CpuContext context() {
    return context;
  }

  public boolean inWork() {
    return inWork;
  }

  /**
   * The task ftrace prints for the work running now ({@code current}): the running task;
   * ksoftirqd while it runs softirqs; for softirqs a task's raise kicked, that task (they run
   * at its local_bh_enable); for other interrupt work the task it interrupted; null for the
   * idle task. For tracing only.
   */
  public Task traceTask() {
    if (!inWork) {
      return null;
    }
    if (inKsoftirqd) {
      return ksoftirqd;
    }
    if (context == CpuContext.TASK) {
      return lastRan;
    }
    if (bhTask != null) {
      return bhTask;
    }
    return current != null && current.runnable ? current : null;
  }

  /** Nothing running or waiting to run on this core now (it would sit in the idle loop). */
  public boolean isIdle() {
    return !inWork && !dispatch.isScheduled() && cursor <= sim.now() && !hasWork();
  }

  // ---------------------------------------------------------------- charging

  /** Charges the profile's cost of {@code op} to the work running on this core. */
  public void charge(CostOp op) {
    int i = 3 * op.id();
    long[] t = ops;
    if (i + 2 < t.length) {
      long ns = t[i];
      if (ns >= 0 && plainCharges) {
        cursor += ns;
        t[i + 2]++;
        return;
      }
    }
    account(op.id(), cost(op));
  }

  /** Charges {@code units} times the cost of {@code op} (per-descriptor, per-byte costs). */
  public void charge(CostOp op, long units) {
    account(op.id(), cost(op) * units);
  }

  /**
   * Charges {@code op}'s cost per KiB for {@code bytes} bytes (rounded to the ns), where the
   * profile gives the op; a profile without it charges nothing (an optional per-byte cost
   * whose per-call op holds the bytes of one size, e.g. {@link KernelOps#UDP_SEND_KB}).
   */
  public void chargePerKibIfGiven(CostOp op, long bytes) {
    if (costs.lookup(op) < 0) {
      return;
    }
    account(op.id(), Math.round(cost(op) * (double) bytes / 1024));
  }

  /** Charges an explicit duration under {@code op}'s name. */
  public void chargeNs(CostOp op, long ns) {
    if (ns < 0) {
      throw new IllegalArgumentException("negative cost " + ns + " for " + op);
    }
    account(op.id(), ns);
  }

  /** The profile's cost of {@code op} (a profile without it is refused), remembered in ops. */
  private long cost(CostOp op) {
    int id = op.id();
    int i = 3 * id;
    if (i + 2 < ops.length && ops[i] >= 0) {
      return ops[i];
    }
    long ns = costs.nsOf(id);
    if (ns < 0) {
      ns = costs.require(op);
    }
    growOps(id);
    // calls before the cost was known (explicit durations) are all in the remainder slot
    ops[i + 1] -= ops[i + 2] * ns;
    ops[i] = ns;
    return ns;
  }

  private static long[] newOps(int n) {
    long[] t = new long[3 * n];
    for (int i = 0; i < t.length; i += 3) {
      t[i] = -1;
    }
    return t;
  }

  private void growOps(int opId) {
    int n = ops.length / 3;
    if (opId < n) {
      return;
    }
    long[] t = newOps(Math.max(opId + 1, n * 2));
    System.arraycopy(ops, 0, t, 0, ops.length);
    ops = t;
  }

  private void account(int opId, long ns) {
    if (!inWork) {
      throw chargedOutsideWork();
    }
    growOps(opId);
    Perturbation p = perturbation;
    if (p != null) {
      ns = p.cost(ns, costs.rangeOf(opId));
    }
    cursor += ns;
    int i = 3 * opId;
    ops[i + 1] += ns - Math.max(ops[i], 0);
    ops[i + 2]++;
  }

  /** Switches the running work's context; the cursor's advance so far goes to the old one. */
  private void enterContext(CpuContext c, int ix) {
    contextNs[contextIx] += cursor - contextMark;
    contextMark = cursor;
    context = c;
    contextIx = ix;
  }

  // the message is built off the hot path, so that account stays small
  private IllegalStateException chargedOutsideWork() {
    return new IllegalStateException("cpu" + id + ": cost charged outside any CPU work");
  }

  // ---------------------------------------------------------------- hard interrupts

  /** Queues a hard interrupt on this core; it runs before any softirq or task work. */
  public void raiseHardirq(HardirqSource src) {
    if (src.queued) {
      return;
    }
    src.queued = true;
    src.nextQueued = null;
    if (hqTail == null) {
      hqHead = src;
    } else {
      hqTail.nextQueued = src;
    }
    hqTail = src;
    ensureDispatch();
  }

  private void runHardirq() {
    handleNextHardirq();
    // irq_exit(): pending softirqs run now (invoke_softirq)
    if (softirqPending != 0) {
      softirqKick = true;
      kickTask = null; // they run on irq exit, for whatever the interrupt interrupted
    }
  }

  /** Takes the first queued hard interrupt off the queue and handles it, in hardirq context. */
  private void handleNextHardirq() {
    HardirqSource src = hqHead;
    hqHead = src.nextQueued;
    if (hqHead == null) {
      hqTail = null;
    }
    src.queued = false;
    src.nextQueued = null;
    enterContext(CpuContext.HARDIRQ, HARDIRQ_IX);
    hardirqs++;
    charge(irqEntry);
    src.handle(this);
  }

  // ---------------------------------------------------------------- softirqs

  /**
   * raise_softirq: marks {@code vec} pending. Raised from hard interrupt context it runs at irq
   * exit; from process context at the end of the current work (local_bh_enable); from softirq
   * context by the restart loop.
   */
  public void raiseSoftirq(int vec) {
    int bit = 1 << vec;
    boolean wasPending = (softirqPending & bit) != 0;
    softirqPending |= bit;
    if (!wasPending && cpu.tracer().enabled()) {
      cpu.tracer().softirqRaise(cpu.now(), id, vec);
    }
    if (context != CpuContext.HARDIRQ && context != CpuContext.SOFTIRQ) {
      softirqKick = true;
      kickTask = context == CpuContext.TASK ? lastRan : null;
    }
    ensureDispatch();
  }

  public boolean softirqPending(int vec) {
    return (softirqPending & (1 << vec)) != 0;
  }

  private boolean softirqReady() {
    return sessionActive || (softirqKick && softirqPending != 0);
  }

  private void softirqStep() {
    if (!sessionActive) {
      sessionActive = true;
      softirqKick = false;
      softirqSessions++;
      sessionEndJiffies = cpu.jiffiesAt(cursor) + cpu.msecsToJiffies(2);
      restartsLeft = MAX_SOFTIRQ_RESTART;
      charge(softirqEntry);
      sessionVectors = softirqPending;
      softirqPending = 0;
    }
    int vec = continuingVec;
    boolean first = vec < 0;
    if (first) {
      vec = Integer.numberOfTrailingZeros(sessionVectors);
      sessionVectors &= ~(1 << vec);
    }
    if (first && cpu.tracer().enabled()) {
      cpu.tracer().softirqEntry(cursor, id, vec);
    }
    boolean more = cpu.softirqHandler(vec).step(this);
    continuingVec = more ? vec : -1;
    if (more) {
      return;
    }
    if (cpu.tracer().enabled()) {
      cpu.tracer().softirqExit(cursor, id, vec);
    }
    if (sessionVectors != 0) {
      return;
    }
    if (softirqPending != 0) {
      // restart while within MAX_SOFTIRQ_TIME and MAX_SOFTIRQ_RESTART, else ksoftirqd
      if (cpu.jiffiesAt(cursor) < sessionEndJiffies && --restartsLeft > 0) {
        sessionVectors = softirqPending;
        softirqPending = 0;
        return;
      }
      sessionActive = false;
      softirqKick = false;
      wakeupSoftirqd();
      return;
    }
    sessionActive = false;
  }

  private void wakeupSoftirqd() {
    if (!ksoftirqd.runnable) {
      ksoftirqdWakeups++;
      wake(ksoftirqd);
    }
  }

  private boolean runKsoftirqd() {
    // run_ksoftirqd: __do_softirq in the thread's context
    if (!sessionActive && softirqPending == 0) {
      return false;
    }
    enterContext(CpuContext.SOFTIRQ, SOFTIRQ_IX);
    inKsoftirqd = true;
    try {
      softirqStep();
    } finally {
      inKsoftirqd = false;
    }
    enterContext(CpuContext.TASK, TASK_IX); // ksoftirqd is a kernel thread
    return sessionActive || softirqPending != 0;
  }

  /**
   * {@code this_cpu_ksoftirqd() == current}: the softirq work running now was handed to
   * ksoftirqd (TCP's tcp_wfree defers its TSQ callback then).
   */
  public boolean inKsoftirqd() {
    return inKsoftirqd;
  }

  // ---------------------------------------------------------------- tasks

  /** Places a new task on this core (not yet runnable). */
  public void attach(Task task) {
    if (task.core != null && task.core != this) {
      throw new IllegalStateException(task.name() + " already runs on cpu" + task.core.id);
    }
    task.core = this;
  }

  void wake(Task t) {
    if (t.runnable) {
      return;
    }
    Core waker = cpu.current();
    if (waker != null) {
      waker.charge(tryToWakeUp);
    }
    t.runnable = true;
    if (t != current && !t.onRunqueue) {
      runqueue.addLast(t);
      t.onRunqueue = true;
    }
    ensureDispatch();
  }

  private boolean hasTask() {
    return (current != null && current.runnable) || !runqueue.isEmpty();
  }

  private void taskStep() {
    Task t = pickTask();
    Tracer tr = cpu.tracer();
    if (traced != t && tr.enabled()) {
      // __schedule's trace_sched_switch: the task ftrace showed last, or idle
      tr.schedSwitch(cursor, id, traced == null ? null : traced.name(),
          traced != null && traced.runnable ? 'R' : 'S', t.name());
      traced = t;
    }
    if (lastRan != null && lastRan != t) {
      enterContext(CpuContext.TASK, TASK_IX); // __schedule is kernel time
      contextSwitches++;
      charge(contextSwitch);
    }
    lastRan = t;
    enterContext(CpuContext.TASK, t.user ? USER_IX : TASK_IX);
    boolean keep = t.run(this);
    if (!keep) {
      t.runnable = false;
      if (current == t) {
        current = null;
      }
      if (tr.enabled() && !hasTask()) {
        tr.schedSwitch(cursor, id, t.name(), 'S', null); // nothing else to run: idle
        traced = null;
      }
    }
  }

  /**
   * sys_enter_NAME of the task running now (a traced application's syscall): from here to
   * {@link #traceSysExit} its time is kernel time (%sys), after it user time (%usr).
   */
  public void traceSysEnter(String syscall, long fd, long count) {
    userMode(false);
    Tracer tr = cpu.tracer();
    if (tr.enabled()) {
      tr.sysEnter(cursor, id, syscall, fd, count);
    }
  }

  /** sys_exit_NAME of the task running now. */
  public void traceSysExit(String syscall, long ret) {
    Tracer tr = cpu.tracer();
    if (tr.enabled()) {
      tr.sysExit(cursor, id, syscall, ret);
    }
    userMode(true);
  }

  /**
   * The running task enters ({@code true}) or leaves a system call the trace does not show
   * (ping's recvmsg): its time in between is kernel time (%sys), as between {@link
   * #traceSysEnter} and {@link #traceSysExit}.
   */
  public void systemCall(boolean entered) {
    userMode(!entered);
  }

  /** The running task enters (leaves) user space: its time from now is %usr (%sys). */
  private void userMode(boolean user) {
    Task t = lastRan;
    if (t == null || t.user == user) {
      return;
    }
    t.user = user;
    if (contextIx == TASK_IX || contextIx == USER_IX) {
      enterContext(CpuContext.TASK, user ? USER_IX : TASK_IX);
    }
  }

  private Task pickTask() {
    if (current != null && current.runnable) {
      if (runqueue.isEmpty() || cursor - sliceStart < cpu.schedSliceNs()) {
        return current;
      }
      runqueue.addLast(current);
      current.onRunqueue = true;
    }
    current = runqueue.pollFirst();
    current.onRunqueue = false;
    sliceStart = cursor;
    return current;
  }

  // ---------------------------------------------------------------- dispatch

  /** Makes sure pending work is picked up, no earlier than the caller's time. */
  void ensureDispatch() {
    if (inWork || dispatch.isScheduled()) {
      return;
    }
    long at = Math.max(cpu.now(), cursor);
    Perturbation p = perturbation;
    if (p != null) {
      at += p.skew(); // work arriving at the same time on two CPUs may start in either order
    }
    sim.schedule(dispatch, Math.max(at, sim.now()));
  }

  /** See {@link Cpu#preemptionPoint(String)}: this core is inside a piece of work, fired by its dispatch. */
  void catchUp() {
    sim.catchUp(dispatch, cursor);
  }

  /**
   * See {@link Cpu#preemptionPoint(String)}: the hard interrupts raised on this core while it was inside its
   * piece of work (during the catch-up) preempt it here, as the kernel takes an interrupt
   * wherever the interrupted code runs with interrupts enabled. Softirqs they raise run after
   * the interrupted work: from the running softirq session's restart, or at the end of a task's
   * bottom-half-disabled section (the interrupt came from inside softirq or BH-off code, so
   * irq_exit does not run them).
   */
  void takeInterrupts() {
    if (hqHead == null) {
      return;
    }
    CpuContext interrupted = context;
    int interruptedIx = contextIx;
    while (hqHead != null) {
      handleNextHardirq();
    }
    enterContext(interrupted, interruptedIx); // the interrupted work goes on
    if (softirqPending != 0 && interrupted == CpuContext.TASK) {
      softirqKick = true; // local_bh_enable at the end of the task's piece runs them
      kickTask = lastRan;
    }
  }

  /**
   * Whether the piece of work this core would run next may run inside another core's catch-up
   * ({@link Cpu#preemptionPoint(String)}): a hard interrupt (it takes no socket lock), or a softirq step
   * whose action says so; a task step never (tasks lock their sockets).
   */
  private boolean nextPieceNestable() {
    if (hqHead != null) {
      return true;
    }
    if (softirqReady()) {
      int vectors = sessionActive ? sessionVectors : softirqPending;
      int vec = sessionActive && continuingVec >= 0 ? continuingVec
          : vectors != 0 ? Integer.numberOfTrailingZeros(vectors) : -1;
      return vec >= 0 && cpu.softirqHandler(vec).mayRunInsideCatchUp(this);
    }
    return !hasTask(); // nothing to run: the dispatch only finds that out
  }

  private boolean hasWork() {
    return hqHead != null || softirqReady() || hasTask();
  }

  /**
   * The dispatch event: one piece of work, then the next one straight away while the simulator
   * says no other event would run before it ({@link Simulator#continueAt}), else a dispatch at
   * the cursor. Either way each piece starts at the same time, after the same events.
   */
  private void runOne() {
    runPiece();
    while (hasWork()) {
      if (!sim.continueAt(dispatch, cursor)) {
        sim.schedule(dispatch, cursor);
        return;
      }
      runPiece();
    }
  }

  private void runPiece() {
    long start = sim.now();
    long exitNs = 0;
    if (idle != null) {
      exitNs = idle.wake(start - cursor);
    }
    if (cursor < start) {
      cursor = start;
    }
    contextMark = cursor;
    inWork = true;
    plainCharges = perturbation == null;
    cpu.enter(this);
    try {
      if (exitNs > 0) {
        chargeNs(KernelOps.CPUIDLE_EXIT, exitNs); // in IDLE context: latency, not busy time
      }
      if (hqHead != null) {
        runHardirq();
      } else if (softirqReady()) {
        enterContext(CpuContext.SOFTIRQ, SOFTIRQ_IX);
        bhTask = kickTask;
        softirqStep();
      } else if (hasTask()) {
        taskStep();
      }
    } finally {
      enterContext(CpuContext.IDLE, IDLE_IX);
      bhTask = null;
      inWork = false;
      plainCharges = false;
      cpu.leave(this);
    }
  }

  /** Gives the core a deep idle state (null: WFI only, no exit latency). */
  void setIdle(CpuIdle state) {
    this.idle = state;
  }

  /** The core's deep idle state, or null. */
  public CpuIdle idleState() {
    return idle;
  }

  // ---------------------------------------------------------------- accounting

  /** ns charged to {@code op} on this core. */
  public long nsCharged(CostOp op) {
    int i = 3 * op.id();
    return i + 2 < ops.length ? ops[i + 2] * Math.max(ops[i], 0) + ops[i + 1] : 0;
  }

  /** Times {@code op} was charged on this core. */
  public long timesCharged(CostOp op) {
    int i = 3 * op.id();
    return i + 2 < ops.length ? ops[i + 2] : 0;
  }

  /** ns spent in a context (hardirq, softirq incl. ksoftirqd, task: kernel and user time). */
  public long nsIn(CpuContext ctx) {
    int ix = ctx.ordinal();
    return ix == TASK_IX ? nsInSlot(TASK_IX) + nsInSlot(USER_IX) : nsInSlot(ix);
  }

  /**
   * ns a task spent in user space (mpstat's %usr): an application outside its system calls,
   * other tasks' load; part of {@link #nsIn nsIn(TASK)}, which less this is %sys.
   */
  public long nsInUser() {
    return nsInSlot(USER_IX);
  }

  private long nsInSlot(int ix) {
    return contextNs[ix] + (inWork && ix == contextIx ? cursor - contextMark : 0);
  }

  /** Total ns of charged work. */
  public long busyNs() {
    return nsIn(CpuContext.HARDIRQ) + nsIn(CpuContext.SOFTIRQ) + nsIn(CpuContext.TASK);
  }

  public long hardirqCount() {
    return hardirqs;
  }

  public long softirqSessions() {
    return softirqSessions;
  }

  public long ksoftirqdWakeups() {
    return ksoftirqdWakeups;
  }

  public long contextSwitches() {
    return contextSwitches;
  }

  public Task ksoftirqd() {
    return ksoftirqd;
  }
}
