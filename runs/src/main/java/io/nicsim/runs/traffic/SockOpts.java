package io.nicsim.runs.traffic;

/**
 * How the traffic's receiving process reads its socket, as nicsim's traffic options spell it
 * (iperf3 and iputils ping have no such options; they map to the socket calls a latency-minded
 * application makes):
 *
 * <ul>
 *   <li>{@code --busy-poll USECS}: setsockopt(SO_BUSY_POLL, USECS) and blocking recvmsg (what
 *       {@code net.core.busy_read=USECS} does for every socket);
 *   <li>{@code --prefer-busy-poll}: SO_PREFER_BUSY_POLL (v5.11);
 *   <li>{@code --busy-poll-budget N}: SO_BUSY_POLL_BUDGET (v5.11, 0 = the kernel's 8);
 *   <li>{@code --epoll}: the process waits in epoll_wait instead, with those values set by
 *       ioctl(EPIOCSPARAMS) on the epoll instance (v6.9), IRQ suspension from v6.13.
 * </ul>
 *
 * @param busyPollUsecs SO_BUSY_POLL / busy_poll_usecs (0 = none)
 */
public record SockOpts(long busyPollUsecs, boolean preferBusyPoll, int busyPollBudget,
    boolean epoll) {

  public static final SockOpts NONE = new SockOpts(0, false, 0, false);

  public boolean isNone() {
    // the fields, not equals(NONE): a record's equals is bootstrapped by invokedynamic on first
    // use, which costs a fresh process more than a whole short run's traffic set-up
    return busyPollUsecs == 0 && !preferBusyPoll && busyPollBudget == 0 && !epoll;
  }

  /** The options as the traffic line spells them (empty for none), with a leading space. */
  public String spelling() {
    StringBuilder sb = new StringBuilder();
    if (busyPollUsecs != 0) {
      sb.append(" --busy-poll ").append(busyPollUsecs);
    }
    if (preferBusyPoll) {
      sb.append(" --prefer-busy-poll");
    }
    if (busyPollBudget != 0) {
      sb.append(" --busy-poll-budget ").append(busyPollBudget);
    }
    if (epoll) {
      sb.append(" --epoll");
    }
    return sb.toString();
  }
}
