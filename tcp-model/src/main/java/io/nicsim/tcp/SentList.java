package io.nicsim.tcp;

/** {@code tp->tsorted_sent_queue}: sent skbs in (re)transmit time order, walked by RACK. */
public final class SentList {
  private TcpSkb head;
  private TcpSkb tail;

  public TcpSkb head() {
    return head;
  }

  /** list_move_tail(): (re)insert at the tail. */
  public void moveTail(TcpSkb skb) {
    if (skb.onTsorted) {
      del(skb);
    }
    skb.tsPrev = tail;
    skb.tsNext = null;
    if (tail == null) {
      head = skb;
    } else {
      tail.tsNext = skb;
    }
    tail = skb;
    skb.onTsorted = true;
  }

  /** list_add(new, after): insert {@code buff} right after {@code skb}. */
  public void addAfter(TcpSkb skb, TcpSkb buff) {
    if (!skb.onTsorted) {
      return;
    }
    buff.tsPrev = skb;
    buff.tsNext = skb.tsNext;
    if (skb.tsNext == null) {
      tail = buff;
    } else {
      skb.tsNext.tsPrev = buff;
    }
    skb.tsNext = buff;
    buff.onTsorted = true;
  }

  /** list_del_init(): no-op if not on the list. */
  public void del(TcpSkb skb) {
    if (!skb.onTsorted) {
      return;
    }
    if (skb.tsPrev == null) {
      head = skb.tsNext;
    } else {
      skb.tsPrev.tsNext = skb.tsNext;
    }
    if (skb.tsNext == null) {
      tail = skb.tsPrev;
    } else {
      skb.tsNext.tsPrev = skb.tsPrev;
    }
    skb.tsPrev = null;
    skb.tsNext = null;
    skb.onTsorted = false;
  }
}
