package io.nicsim.core.check;

import io.nicsim.core.host.Host;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Qdisc;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.InvariantViolation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The liveness half of the audit: skbs below TCP that nothing will ever move.
 *
 * <ul>
 *   <li>A TX ring that holds descriptors while its driver ({@link TxLiveness}) says nothing will
 *       clean them — no IC pending, no status latched, no timer queued, no poll scheduled, no
 *       rescue path — is <em>stranded</em>: only a future transmit on that queue gets it
 *       cleaned.
 *   <li>A qdisc holding skbs whose queue runs but that nobody has scheduled, or whose queue is
 *       stopped while the ring below it is empty (nothing will wake it), is stranded likewise.
 * </ul>
 *
 * <p>Each stranded spell is an {@link Episode}: when it began, when something appeared that
 * will clean the ring, when the skbs it held were finally freed. A spell is <em>dead</em> when
 * it lasts {@code deadNs} with no transmit on the queue at all: the state is stable and nothing
 * pending can change it. A dead spell is a violation: in {@link Mode#STOP} (normal runs) it stops
 * the run with the component, the state and the last changes observed before it; in
 * {@link Mode#RECORD} (exploration) it is recorded and the run goes on. A stranded spell that a
 * later transmit rescues is a finding, never a violation.
 *
 * <p>Observations are made at every audit, and, for exploration, by a probe of its own with a
 * finer period. Both only read state: a run gives the same results with and without them.
 */
public final class Liveness {
  /** Default time a stranded state must stay unchanged to count as dead. */
  public static final long DEFAULT_DEAD_NS = 100_000_000L;
  /** Changes kept per component for the report. */
  static final int HISTORY = 8;

  /** What a dead spell does. */
  public enum Mode {
    /** Throw an {@link InvariantViolation}: the run stops (normal runs). */
    STOP,
    /** Record it; the run goes on (exploration). */
    RECORD
  }

  /**
   * One stranded spell of one component.
   *
   * @param component e.g. {@code stmmac eth0 tx0} or {@code qdisc eth0 tx0}
   * @param startNs first observation of the stranded state
   * @param rescuedNs first observation of something that will clean it (-1: never)
   * @param freedNs when the descriptors held at the start had all been cleaned (-1: never;
   *     qdisc spells: when the qdisc was moving again)
   * @param deadNs when it was found dead (-1: it was not)
   * @param state the component's state at the start
   * @param before the last changes observed before the start, oldest first
   */
  public record Episode(String component, long startNs, long rescuedNs, long freedNs,
      long deadNs, String state, List<String> before) {

    public boolean dead() {
      return deadNs >= 0;
    }

    /** Time with nothing to clean it, ns (to the end of the run if never rescued). */
    public long strandedNs(long endOfRunNs) {
      return (rescuedNs >= 0 ? rescuedNs : endOfRunNs) - startNs;
    }

    /** Time until its skbs were freed, ns (to the end of the run if never). */
    public long heldNs(long endOfRunNs) {
      return (freedNs >= 0 ? freedNs : endOfRunNs) - startNs;
    }

    /** One line for reports. */
    public String describe() {
      return component + " stranded at " + seconds(startNs) + " s: " + state;
    }
  }

  /**
   * Per component: the spell in progress and the recent changes. A change is kept as numbers
   * (observed every audit, formatted only for a report): a ring's cleaner, queued and cleaned
   * counts; a qdisc's stuck/stopped flags and length.
   */
  private static final class Watch {
    final String component;
    final boolean ring;
    // the last HISTORY changes, a circular buffer: next is where the next one goes
    final long[] at = new long[HISTORY];
    final int[] tag = new int[HISTORY];
    final long[] a = new long[HISTORY];
    final long[] b = new long[HISTORY];
    int next;
    int size;
    boolean open;
    long start;
    long rescued;
    long freed;
    long dead;
    long queuedAtStart;
    long lastQueued;
    long lastProgress;
    String state;
    // the changes observed before the spell opened, formatted only when a report asks
    Watch snapshot;

    Watch(String component, boolean ring) {
      this.component = component;
      this.ring = ring;
    }

    void note(long now, int tagNow, long aNow, long bNow) {
      if (size > 0) {
        int last = (next + HISTORY - 1) % HISTORY;
        if (tag[last] == tagNow && a[last] == aNow && b[last] == bNow) {
          return;
        }
      }
      at[next] = now;
      tag[next] = tagNow;
      a[next] = aNow;
      b[next] = bNow;
      next = (next + 1) % HISTORY;
      size = Math.min(size + 1, HISTORY);
    }

    /** A copy of the kept changes without the latest (the observation that opened a spell). */
    Watch before() {
      Watch c = new Watch(component, ring);
      System.arraycopy(at, 0, c.at, 0, HISTORY);
      System.arraycopy(tag, 0, c.tag, 0, HISTORY);
      System.arraycopy(a, 0, c.a, 0, HISTORY);
      System.arraycopy(b, 0, c.b, 0, HISTORY);
      c.next = size > 0 ? (next + HISTORY - 1) % HISTORY : next;
      c.size = Math.max(size - 1, 0);
      return c;
    }

    /** The kept changes, oldest first, as report lines. */
    List<String> history() {
      return historySince(Long.MIN_VALUE);
    }

    /** The kept changes observed at or after {@code fromNs}, oldest first. */
    List<String> historySince(long fromNs) {
      List<String> out = new ArrayList<>(size);
      for (int k = 0; k < size; k++) {
        int i = (next + HISTORY - size + k) % HISTORY;
        if (at[i] >= fromNs) {
          out.add(seconds(at[i]) + " " + describe(i));
        }
      }
      return out;
    }

    private String describe(int i) {
      if (ring) {
        return TxLiveness.Cleaner.values()[tag[i]].name().toLowerCase(Locale.ROOT)
            + " queued " + a[i] + " cleaned " + b[i];
      }
      return ((tag[i] & STUCK) != 0 ? "stuck" : "moving") + " qlen " + a[i]
          + ((tag[i] & STOPPED) != 0 ? " stopped" : "");
    }

    Episode episode() {
      return new Episode(component, start, rescued, freed, dead, state,
          snapshot == null ? List.of() : List.copyOf(snapshot.history()));
    }
  }

  private static final int STUCK = 1;
  private static final int STOPPED = 2;

  private final Host host;
  private final TxLiveness driver;
  private final Watch[] rings;
  private final Watch[] qdiscs;
  /** Finished spells, kept in {@link Mode#RECORD} only (a long normal run keeps a count). */
  private final List<Episode> episodes = new ArrayList<>();
  private long spells;
  private Mode mode = Mode.STOP;
  private long deadNs = DEFAULT_DEAD_NS;
  private long probePeriodNs;
  private final Event probe =
      new Event() {
        @Override
        protected void fire() {
          observe();
          host.sim().scheduleIn(this, probePeriodNs);
        }

        @Override
        public boolean nestable() {
          return true; // reads ring and qdisc state only
        }
      };

  Liveness(Host host) {
    this.host = host;
    this.driver = host.driver() instanceof TxLiveness t ? t : null;
    int n = driver == null ? 0 : driver.txLivenessQueues();
    rings = new Watch[n];
    for (int q = 0; q < n; q++) {
      rings[q] = new Watch(driver.txRingName(q), true);
    }
    NetDevice dev = host.dev();
    qdiscs = new Watch[dev.numTxQueues()];
    for (int q = 0; q < qdiscs.length; q++) {
      qdiscs[q] = new Watch("qdisc " + dev.name() + " tx" + q, false);
    }
  }

  /** Whether the MAC model answers for its rings (others get the qdisc check only). */
  public boolean driverTakesPart() {
    return driver != null;
  }

  /** Sets what a dead spell does. */
  public Liveness mode(Mode m) {
    this.mode = m;
    return this;
  }

  /** Sets how long a stranded state must stay unchanged to be dead. */
  public Liveness deadAfter(long ns) {
    if (ns <= 0) {
      throw new IllegalArgumentException("dead-after " + ns + " ns");
    }
    this.deadNs = ns;
    return this;
  }

  /** Observes every {@code periodNs} as well (exploration: spells shorter than an audit). */
  public Liveness probeEvery(long periodNs) {
    if (periodNs <= 0) {
      throw new IllegalArgumentException("probe period " + periodNs + " ns");
    }
    this.probePeriodNs = periodNs;
    host.sim().scheduleIn(probe, periodNs);
    return this;
  }

  /** Stops the probe (before a drain whose end must not depend on it). */
  public void stopProbe() {
    host.sim().cancel(probe);
  }

  /** Spells so far (finished ones in {@link Mode#RECORD} only) and those still open. */
  public List<Episode> episodes() {
    List<Episode> out = new ArrayList<>(episodes);
    for (Watch w : rings) {
      if (w.open) {
        out.add(w.episode());
      }
    }
    for (Watch w : qdiscs) {
      if (w.open) {
        out.add(w.episode());
      }
    }
    out.sort((a, b) -> Long.compare(a.startNs(), b.startNs()));
    return out;
  }

  /** Observes every ring and qdisc now. */
  public void observe() {
    long now = host.sim().now();
    for (int q = 0; q < rings.length; q++) {
      observeRing(now, q);
    }
    for (int q = 0; q < qdiscs.length; q++) {
      observeQdisc(now, q);
    }
  }

  private void observeRing(long now, int q) {
    Watch w = rings[q];
    TxLiveness.Cleaner c = driver.txCleaner(q);
    long queued = driver.txQueuedCount(q);
    long cleaned = driver.txCleanedCount(q);
    w.note(now, c.ordinal(), queued, cleaned);
    if (w.open) {
      if (w.freed < 0 && cleaned >= w.queuedAtStart) {
        w.freed = now;
      }
      if (w.rescued < 0 && c != TxLiveness.Cleaner.NOTHING) {
        w.rescued = now;
      }
      if (w.rescued < 0) {
        if (queued != w.lastQueued) {
          w.lastQueued = queued;
          w.lastProgress = now;
        } else if (w.dead < 0 && now - w.lastProgress >= deadNs) {
          w.dead = now;
          dead(w, "descriptors held since " + seconds(w.start) + " s and nothing will clean"
              + " them (no IC pending, no status latched, no timer queued, no poll scheduled,"
              + " no rescue path), no transmit for " + (now - w.lastProgress) / 1_000_000
              + " ms; now: " + driver.txRingState(q));
        }
      }
      if (w.rescued >= 0 && w.freed >= 0) {
        close(w);
      }
    } else if (c == TxLiveness.Cleaner.NOTHING) {
      open(w, now, driver.txRingState(q));
      w.queuedAtStart = queued;
      w.lastQueued = queued;
    }
  }

  private void observeQdisc(long now, int q) {
    Watch w = qdiscs[q];
    NetdevQueue txq = host.dev().queue(q);
    Qdisc qd = txq.qdisc();
    boolean held = !qd.isEmpty();
    boolean stuck = false;
    String why = null;
    if (held && !qd.isScheduled() && !qd.isRunning()) {
      if (!txq.xmitFrozenOrStopped()) {
        stuck = true;
        why = "the queue runs but the qdisc is not scheduled";
      } else if (driver != null && q < rings.length
          && driver.txCleaner(q) == TxLiveness.Cleaner.EMPTY) {
        stuck = true;
        why = "the queue is stopped and its ring is empty: nothing will wake it";
      }
    }
    int len = held ? qd.qlen() + qd.requeuedLen() : 0;
    w.note(now, (stuck ? STUCK : 0) | (txq.stopped() ? STOPPED : 0), len, 0);
    if (w.open) {
      if (!stuck) {
        w.rescued = now;
        w.freed = now;
        close(w);
      } else if (w.dead < 0 && now - w.start >= deadNs) {
        w.dead = now;
        dead(w, len + " skbs held since " + seconds(w.start) + " s: " + why);
      }
    } else if (stuck) {
      open(w, now, len + " skbs queued; " + why);
    }
  }

  private void open(Watch w, long now, String state) {
    w.open = true;
    w.start = now;
    w.lastProgress = now;
    w.rescued = -1;
    w.freed = -1;
    w.dead = -1;
    w.state = state;
    w.snapshot = w.before();
  }

  private void close(Watch w) {
    spells++;
    if (mode == Mode.RECORD) {
      episodes.add(w.episode());
    }
    w.open = false;
  }

  /** Stranded spells finished so far (recorded or not). */
  public long spellCount() {
    return spells;
  }

  private void dead(Watch w, String state) {
    if (mode == Mode.STOP) {
      // the changes before the spell opened, then the opening one and any since (without
      // the snapshot's entries again)
      List<String> before = w.snapshot == null ? List.of() : w.snapshot.history();
      List<String> since = w.snapshot == null ? w.history() : w.historySince(w.start);
      throw new InvariantViolation("liveness " + w.component, state + "; last changes: "
          + String.join("; ", before) + (before.isEmpty() || since.isEmpty() ? "" : "; ")
          + String.join("; ", since));
    }
  }

  static String seconds(long ns) {
    return String.format(Locale.ROOT, "%d.%06d", ns / 1_000_000_000L,
        (ns / 1000) % 1_000_000);
  }
}
