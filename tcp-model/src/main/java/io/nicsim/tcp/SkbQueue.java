package io.nicsim.tcp;

/**
 * An intrusive, sequence-ordered list of {@link TcpSkb}: the write queue ({@code
 * sk_write_queue}) or the retransmit queue ({@code tcp_rtx_queue}). The kernel keeps the
 * retransmit queue in an rb-tree keyed by sequence; skbs only ever enter it in sequence order
 * (new data at the tail, fragments right after their parent), so a list gives the same walk.
 */
public final class SkbQueue {
  private TcpSkb head;
  private TcpSkb tail;
  private int size;

  public TcpSkb head() {
    return head;
  }

  public TcpSkb tail() {
    return tail;
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return head == null;
  }

  public void addTail(TcpSkb skb) {
    skb.prev = tail;
    skb.next = null;
    if (tail == null) {
      head = skb;
    } else {
      tail.next = skb;
    }
    tail = skb;
    size++;
  }

  /** Inserts {@code buff} right after {@code skb}. */
  public void addAfter(TcpSkb skb, TcpSkb buff) {
    buff.prev = skb;
    buff.next = skb.next;
    if (skb.next == null) {
      tail = buff;
    } else {
      skb.next.prev = buff;
    }
    skb.next = buff;
    size++;
  }

  /** Inserts {@code buff} right before {@code skb}. */
  public void addBefore(TcpSkb skb, TcpSkb buff) {
    buff.next = skb;
    buff.prev = skb.prev;
    if (skb.prev == null) {
      head = buff;
    } else {
      skb.prev.next = buff;
    }
    skb.prev = buff;
    size++;
  }

  public void unlink(TcpSkb skb) {
    if (skb.prev == null) {
      head = skb.next;
    } else {
      skb.prev.next = skb.next;
    }
    if (skb.next == null) {
      tail = skb.prev;
    } else {
      skb.next.prev = skb.prev;
    }
    skb.prev = null;
    skb.next = null;
    size--;
  }
}
