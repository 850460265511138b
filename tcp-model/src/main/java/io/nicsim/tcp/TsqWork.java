package io.nicsim.tcp;

import io.nicsim.core.port.KernelPort;

/**
 * One CPU's {@code struct tsq_work}: the list of sockets whose TX completions released a TSQ
 * throttle, drained by {@link #workfn} in BH context (a tasklet before v6.10, the BH workqueue
 * since). Sockets are added at the head, as {@code list_add()} does.
 */
public final class TsqWork {
  private TcpSock head;

  /** The first socket on the list (the last added), for the harnesses. */
  TcpSock head() {
    return head;
  }

  boolean isEmpty() {
    return head == null;
  }

  /** list_add(&tp->tsq_node, &tsq->head). */
  void add(TcpSock sk) {
    sk.tsqNext = head;
    head = sk;
  }

  /**
   * {@code tcp_tsq_workfn}: splice the list, then for each socket clear TSQ_QUEUED and run the
   * TSQ handler.
   */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_tsq_workfn",
      versions = "v6.17..v6.18", commits = {"fd0406e5ca53"},
      source = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f",
      notes = "fd0406e5ca53 (net-next, June 2025) renamed tcp_tasklet_func when TSQ moved from a"
          + " tasklet to the BH workqueue; same body")
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_tasklet_func",
      versions = "v4.20..v6.16",
      source = "debian:linux-source-6.12@6.12.117",
      notes = "the body tcp_tsq_workfn has from v6.17; a tasklet here, a BH work item there")
  public void workfn() {
    TcpSock list = head;
    head = null;
    while (list != null) {
      TcpSock sk = list;
      list = sk.tsqNext;
      sk.tsqNext = null;
      if (sk.writeXmitC != null && sk.writeXmitC.tsqWork(sk)) {
        continue; // --ports c: the tree's C, this socket alone on its list
      }
      sk.skTsqFlags &= ~TcpSock.TSQF_QUEUED;
      TcpOutput.tsqHandler(sk);
      // sk_free(sk): drops the wmem reference tcp_wfree kept
      sk.skWmemAlloc -= 1;
    }
  }
}
