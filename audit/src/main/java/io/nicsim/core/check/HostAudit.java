package io.nicsim.core.check;

import io.nicsim.core.host.Host;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.Qdisc;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.InvariantViolation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The periodic invariant audit of one host. Every {@code periodNs} of simulated time (an event
 * of its own, so the per-packet path pays nothing) it checks:
 *
 * <ul>
 *   <li>skb conservation: every skb allocated and not freed is held by the driver (its rings),
 *       a qdisc or a registered holder (a socket's queues) — none leaked, none counted twice;
 *   <li>the kernel: NAPI SCHED bits against the poll lists, queued hrtimers against their
 *       bases and expiries ({@link io.nicsim.core.kernel.Kernel#checkInvariants()});
 *   <li>the driver's own state ({@link io.nicsim.core.host.NicDriver#checkInvariants()}: rings,
 *       OWN bits, BQL);
 *   <li>whatever the traffic adds (socket memory bounds);
 *   <li>liveness ({@link Liveness}): a TX ring or qdisc holding skbs that nothing will ever
 *       move, through the MAC model's {@link TxLiveness} answers.
 * </ul>
 *
 * <p>A broken invariant throws {@link InvariantViolation} from the event, which stops the run
 * with the simulated time. The audit reads state only: a run gives the same results with and
 * without it.
 */
public final class HostAudit {
  /** Default audit period: every simulated millisecond. */
  public static final long DEFAULT_PERIOD_NS = 1_000_000L;

  /** One extra check; throws {@link InvariantViolation} when its invariant is broken. */
  @FunctionalInterface
  public interface Check {
    void check();
  }

  private record Holder(String name, LongSupplier skbs) {}

  private final Host host;
  private final long periodNs;
  private final List<Check> checks = new ArrayList<>();
  private final List<Holder> holders = new ArrayList<>();
  private long audits;
  private final Liveness liveness;
  private final Event tick =
      new Event() {
        @Override
        protected void fire() {
          checkNow();
          host.sim().scheduleIn(this, periodNs);
        }
      };

  private HostAudit(Host host, long periodNs) {
    if (periodNs <= 0) {
      throw new IllegalArgumentException("audit period " + periodNs + " ns");
    }
    this.host = host;
    this.periodNs = periodNs;
    this.liveness = new Liveness(host);
  }

  /** Starts auditing {@code host} every millisecond of simulated time. */
  public static HostAudit attach(Host host) {
    return attach(host, DEFAULT_PERIOD_NS);
  }

  public static HostAudit attach(Host host, long periodNs) {
    HostAudit a = new HostAudit(host, periodNs);
    host.sim().scheduleIn(a.tick, periodNs);
    return a;
  }

  /** Adds a check run at every audit. */
  public HostAudit addCheck(Check c) {
    checks.add(c);
    return this;
  }

  /** Registers skbs held outside the driver and the qdiscs (a socket's queues). */
  public HostAudit addHolder(String name, LongSupplier skbs) {
    holders.add(new Holder(name, skbs));
    return this;
  }

  /** Stops the periodic audit (before a drain whose end time must not depend on it). */
  public void stop() {
    host.sim().cancel(tick);
    liveness.stopProbe();
  }

  /** The liveness check (stops the run on a dead spell unless switched to record). */
  public Liveness liveness() {
    return liveness;
  }

  /** Audits run so far. */
  public long audits() {
    return audits;
  }

  /** Runs every check once, now. */
  public void checkNow() {
    audits++;
    host.kernel().checkInvariants();
    host.driver().checkInvariants();
    checkSkbs();
    for (Check c : checks) {
      c.check();
    }
    liveness.observe();
  }

  /** allocated - freed == what the driver, the qdiscs and the holders say they hold. */
  private void checkSkbs() {
    long driver = host.driver().skbsHeld();
    if (driver < 0) {
      return; // the driver does not report: nothing to compare against
    }
    NetDevice dev = host.dev();
    long queued = 0;
    for (int i = 0; i < dev.numTxQueues(); i++) {
      Qdisc q = dev.queue(i).qdisc();
      queued += q.qlen() + q.requeuedLen();
    }
    long others = 0;
    StringBuilder names = new StringBuilder();
    long gro = 0;
    for (Napi n : host.kernel().napis()) {
      gro += n.skbsHeld(); // GRO's held skbs and its rx list
    }
    if (gro > 0) {
      others += gro;
      names.append(", GRO");
    }
    for (Holder h : holders) {
      others += h.skbs().getAsLong();
      names.append(", ").append(h.name());
    }
    long live = host.skbs().live();
    long held = driver + queued + others;
    if (live != held) {
      String what = live > held ? (live - held) + " leaked (never freed, held by nobody)"
          : (held - live) + " more held than alive (an skb counted twice or used after free)";
      throw new InvariantViolation("skb",
          live + " skbs allocated and not freed; the driver holds " + driver + ", the qdiscs "
              + queued + (holders.isEmpty() ? "" : ", the holders" + names + " " + others)
              + ": " + what);
    }
  }
}
