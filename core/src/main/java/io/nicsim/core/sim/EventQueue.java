package io.nicsim.core.sim;

import java.util.Arrays;

/**
 * A 4-ary min-heap of {@link Event}s ordered by (time, sequence). The keys live in one
 * primitive array beside the event array, a slot's time at {@code 2i} and its sequence at
 * {@code 2i + 1}, so that sifting compares longs without touching the events and a node's four
 * children's keys share a cache line or two. Each event remembers its heap slot. An entry's key
 * may be older (smaller) than its event's real key: the simulator moves events later and
 * cancels them lazily and fixes the entry when it reaches the top.
 *
 * <p>Sequences are unique, so the order in which events leave the queue depends only on their
 * keys, never on the heap's shape.
 */
final class EventQueue {
  private Event[] events = new Event[256];
  private long[] keys = new long[512];
  private int size;

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  long peekTime() {
    return keys[0];
  }

  /** The key time of {@code e}'s entry (a lower bound of its real time). */
  long entryTime(Event e) {
    return keys[2 * e.heapIndex];
  }

  long entrySeq(Event e) {
    return keys[2 * e.heapIndex + 1];
  }

  Event peek() {
    return events[0];
  }

  /**
   * Whether every entry but the top one has a key time after {@code t}: the top's children
   * hold the smallest keys among them.
   */
  boolean othersAfter(long t) {
    int end = Math.min(size, 5);
    long[] k = keys;
    for (int j = 1; j < end; j++) {
      if (k[2 * j] <= t) {
        return false;
      }
    }
    return true;
  }

  /** Gives the top event a new, later-or-equal key and restores heap order. */
  void replaceTop(Event e) {
    siftDown(0, e, e.time, e.seq);
  }

  /** Restores heap order after a waiting event got a new key (a reschedule). */
  void rekey(Event e) {
    int i = e.heapIndex;
    long t = e.time;
    long s = e.seq;
    if (i > 0) {
      int p = (i - 1) >>> 2;
      if (less(t, s, keys[2 * p], keys[2 * p + 1])) {
        siftUp(i, e, t, s);
        return;
      }
    }
    siftDown(i, e, t, s);
  }

  /** Removes the top entry, which is {@code e}. */
  void pollTop(Event e) {
    e.heapIndex = -1;
    int last = --size;
    Event moved = events[last];
    events[last] = null;
    if (last == 0) {
      return;
    }
    siftDown(0, moved, keys[2 * last], keys[2 * last + 1]);
  }

  void add(Event e) {
    if (size == events.length) {
      grow();
    }
    int i = size++;
    siftUp(i, e, e.time, e.seq);
  }

  void remove(Event e) {
    int i = e.heapIndex;
    e.heapIndex = -1;
    int last = --size;
    Event moved = events[last];
    events[last] = null;
    if (i == last) {
      return;
    }
    long t = keys[2 * last];
    long s = keys[2 * last + 1];
    if (i > 0) {
      int p = (i - 1) >>> 2;
      if (less(t, s, keys[2 * p], keys[2 * p + 1])) {
        siftUp(i, moved, t, s);
        return;
      }
    }
    siftDown(i, moved, t, s);
  }

  private static boolean less(long t1, long s1, long t2, long s2) {
    return t1 < t2 || (t1 == t2 && s1 < s2);
  }

  private void siftUp(int i, Event e, long t, long s) {
    long[] k = keys;
    Event[] ev = events;
    while (i > 0) {
      int p = (i - 1) >>> 2;
      long pt = k[2 * p];
      long ps = k[2 * p + 1];
      if (!less(t, s, pt, ps)) {
        break;
      }
      Event pe = ev[p];
      ev[i] = pe;
      k[2 * i] = pt;
      k[2 * i + 1] = ps;
      pe.heapIndex = i;
      i = p;
    }
    ev[i] = e;
    k[2 * i] = t;
    k[2 * i + 1] = s;
    e.heapIndex = i;
  }

  private void siftDown(int i, Event e, long t, long s) {
    long[] k = keys;
    Event[] ev = events;
    int n = size;
    while (true) {
      int c = 4 * i + 1;
      if (c >= n) {
        break;
      }
      // the smallest of up to four children
      int best = c;
      long bt = k[2 * c];
      long bs = k[2 * c + 1];
      int end = Math.min(c + 4, n);
      for (int j = c + 1; j < end; j++) {
        long jt = k[2 * j];
        if (jt < bt || (jt == bt && k[2 * j + 1] < bs)) {
          best = j;
          bt = jt;
          bs = k[2 * j + 1];
        }
      }
      if (!less(bt, bs, t, s)) {
        break;
      }
      Event be = ev[best];
      ev[i] = be;
      k[2 * i] = bt;
      k[2 * i + 1] = bs;
      be.heapIndex = i;
      i = best;
    }
    ev[i] = e;
    k[2 * i] = t;
    k[2 * i + 1] = s;
    e.heapIndex = i;
  }

  private void grow() {
    int n = events.length * 2;
    events = Arrays.copyOf(events, n);
    keys = Arrays.copyOf(keys, 2 * n);
  }
}
