package io.nicsim.runs;

import io.nicsim.runs.traffic.SockOpts;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.host.Host;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.SockWait;
import io.nicsim.core.kernel.Strerror;

/**
 * The receiving process's socket calls for a traffic's {@link SockOpts}, as the host's kernel
 * takes them: SO_BUSY_POLL (v3.11), SO_PREFER_BUSY_POLL and SO_BUSY_POLL_BUDGET (v5.11,
 * -ENOPROTOOPT before), ioctl(EPIOCSPARAMS) on an epoll instance (v6.9, -ENOTTY before).
 */
final class ReceiveSocket {
  private ReceiveSocket() {}

  private static final KernelVersion V511 = KernelVersion.of(5, 11);
  private static final KernelVersion V69 = KernelVersion.of(6, 9);

  static SockWait waitFor(Host host, SockOpts s, String program) {
    if (s.isNone()) {
      return SockWait.blocking(host.kernel());
    }
    KernelVersion v = host.driver().patchSet().base();
    if (v.mainline().before(V511) && (s.preferBusyPoll() || s.busyPollBudget() != 0)) {
      throw refused(program, s.preferBusyPoll() ? "setsockopt(SO_PREFER_BUSY_POLL)"
          : "setsockopt(SO_BUSY_POLL_BUDGET)", Errno.ENOPROTOOPT, v, "v5.11");
    }
    if (s.epoll()) {
      if (v.mainline().before(V69)) {
        throw refused(program, "ioctl(EPIOCSPARAMS)", Errno.ENOTTY, v, "v6.9");
      }
      return new SockWait(host.kernel(), SockWait.Mode.EPOLL, s.busyPollUsecs(),
          s.preferBusyPoll(), s.busyPollBudget());
    }
    return new SockWait(host.kernel(), SockWait.Mode.BUSY_POLL, s.busyPollUsecs(),
        s.preferBusyPoll(), s.busyPollBudget());
  }

  private static BadInputException refused(String program, String call, Errno e,
      KernelVersion v, String since) {
    return BadInputException.field("--traffic " + program, call + ": " + Strerror.of(e) + " (-"
        + e.name() + ") on kernel " + v, "a kernel from " + since);
  }
}
