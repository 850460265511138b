package io.nicsim.core.sim;

import java.util.Arrays;

/**
 * The waiting {@link Event}s ordered by (time, sequence). The keys live in one primitive array
 * beside the event array, an entry's time at {@code 2i} and its sequence at {@code 2i + 1}, so
 * that ordering compares longs without touching the events. Each event remembers its slot. An
 * entry's key may be older (smaller) than its event's real key: the simulator moves events
 * later and cancels them lazily and fixes the entry when it reaches the top.
 *
 * <p>Two layouts, by size. Up to {@link #SORTED_MAX} entries (a host's usual 5–25: CPU
 * dispatches, DMA steps, deliveries, timers) the array is kept sorted, latest first and the top
 * last: an event rescheduling itself a frame ahead moves past the one or two entries due
 * before it, removing the top is a decrement, and "is every other entry later than t"
 * ({@link #othersAfter}) reads one key. Above it (many TCP flows' timers) the array is a 4-ary
 * min-heap, top first, where a move costs log₄ n levels instead of up to n shifts; it turns
 * back into the sorted layout below {@link #SORTED_MIN}. A sorted array read backwards is a
 * valid heap, so growing into the heap costs one reversal.
 *
 * <p>Sequences are unique, so the order in which events leave the queue depends only on their
 * keys, never on the layout.
 */
final class EventQueue {
  /** The size at which the sorted layout becomes a heap. */
  static final int SORTED_MAX = 32;
  /** The size at which a heap goes back to the sorted layout (hysteresis). */
  static final int SORTED_MIN = 16;

  private Event[] events = new Event[256];
  private long[] keys = new long[512];
  private int size;
  /** The layout: sorted (latest first, top at size - 1) or a 4-ary heap (top at 0). */
  private boolean sorted = true;

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** Whether the entries are in the sorted layout (tests). */
  boolean isSorted() {
    return sorted;
  }

  private int top() {
    return sorted ? size - 1 : 0;
  }

  long peekTime() {
    return keys[2 * top()];
  }

  long peekSeq() {
    return keys[2 * top() + 1];
  }

  /** The key time of {@code e}'s entry (a lower bound of its real time). */
  long entryTime(Event e) {
    return keys[2 * e.heapIndex];
  }

  long entrySeq(Event e) {
    return keys[2 * e.heapIndex + 1];
  }

  Event peek() {
    return events[top()];
  }

  /** Whether every entry but the top one has a key time after {@code t}. */
  boolean othersAfter(long t) {
    long[] k = keys;
    if (sorted) {
      // the second-earliest entry is the one below the top
      return size < 2 || k[2 * (size - 2)] > t;
    }
    // the top's children hold the smallest keys among the rest
    int end = Math.min(size, 5);
    for (int j = 1; j < end; j++) {
      if (k[2 * j] <= t) {
        return false;
      }
    }
    return true;
  }

  /** Gives the top event a new, later-or-equal key and restores the order. */
  void replaceTop(Event e) {
    if (sorted) {
      towardLater(size - 1, e, e.time, e.seq);
    } else {
      siftDown(0, e, e.time, e.seq);
    }
  }

  /** Restores the order after a waiting event got a new key (a reschedule). */
  void rekey(Event e) {
    int i = e.heapIndex;
    long t = e.time;
    long s = e.seq;
    if (sorted) {
      if (i + 1 < size && less(t, s, keys[2 * i + 2], keys[2 * i + 3])) {
        towardTop(i, e, t, s);
      } else {
        towardLater(i, e, t, s);
      }
      return;
    }
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
    if (sorted) {
      events[last] = null;
      return;
    }
    Event moved = events[last];
    events[last] = null;
    if (last == 0) {
      return;
    }
    siftDown(0, moved, keys[2 * last], keys[2 * last + 1]);
    if (size < SORTED_MIN) {
      toSorted();
    }
  }

  void add(Event e) {
    if (size == events.length) {
      grow();
    }
    if (sorted && size == SORTED_MAX) {
      toHeap();
    }
    int i = size++;
    if (sorted) {
      towardLater(i, e, e.time, e.seq);
    } else {
      siftUp(i, e, e.time, e.seq);
    }
  }

  void remove(Event e) {
    int i = e.heapIndex;
    e.heapIndex = -1;
    int last = --size;
    long[] k = keys;
    Event[] ev = events;
    if (sorted) {
      for (int j = i; j < last; j++) {
        Event m = ev[j + 1];
        ev[j] = m;
        k[2 * j] = k[2 * j + 2];
        k[2 * j + 1] = k[2 * j + 3];
        m.heapIndex = j;
      }
      ev[last] = null;
      return;
    }
    Event moved = ev[last];
    ev[last] = null;
    if (i != last) {
      long t = k[2 * last];
      long s = k[2 * last + 1];
      int p = (i - 1) >>> 2;
      if (i > 0 && less(t, s, k[2 * p], k[2 * p + 1])) {
        siftUp(i, moved, t, s);
      } else {
        siftDown(i, moved, t, s);
      }
    }
    if (size < SORTED_MIN) {
      toSorted();
    }
  }

  private static boolean less(long t1, long s1, long t2, long s2) {
    return t1 < t2 || (t1 == t2 && s1 < s2);
  }

  // ------------------------------------------------------------- sorted layout

  /** Sorted: places (t, s) at slot i or below it, past the entries due before it. */
  private void towardLater(int i, Event e, long t, long s) {
    long[] k = keys;
    Event[] ev = events;
    while (i > 0) {
      long pt = k[2 * i - 2];
      long ps = k[2 * i - 1];
      if (!less(pt, ps, t, s)) {
        break;
      }
      Event m = ev[i - 1];
      ev[i] = m;
      k[2 * i] = pt;
      k[2 * i + 1] = ps;
      m.heapIndex = i;
      i--;
    }
    ev[i] = e;
    k[2 * i] = t;
    k[2 * i + 1] = s;
    e.heapIndex = i;
  }

  /** Sorted: places (t, s) at slot i or above it, toward the top, past later entries. */
  private void towardTop(int i, Event e, long t, long s) {
    long[] k = keys;
    Event[] ev = events;
    int top = size - 1;
    while (i < top) {
      long nt = k[2 * i + 2];
      long ns = k[2 * i + 3];
      if (!less(t, s, nt, ns)) {
        break;
      }
      Event m = ev[i + 1];
      ev[i] = m;
      k[2 * i] = nt;
      k[2 * i + 1] = ns;
      m.heapIndex = i;
      i++;
    }
    ev[i] = e;
    k[2 * i] = t;
    k[2 * i + 1] = s;
    e.heapIndex = i;
  }

  /** The sorted array read backwards (earliest first) is a valid heap. */
  private void toHeap() {
    Event[] ev = events;
    long[] k = keys;
    for (int a = 0, b = size - 1; a < b; a++, b--) {
      Event x = ev[a];
      ev[a] = ev[b];
      ev[b] = x;
      long t = k[2 * a];
      long s = k[2 * a + 1];
      k[2 * a] = k[2 * b];
      k[2 * a + 1] = k[2 * b + 1];
      k[2 * b] = t;
      k[2 * b + 1] = s;
    }
    for (int i = 0; i < size; i++) {
      ev[i].heapIndex = i;
    }
    sorted = false;
  }

  /** Sorts the heap's entries latest first (they are few: below {@link #SORTED_MIN}). */
  private void toSorted() {
    Event[] ev = events;
    long[] k = keys;
    // insertion sort, descending by (time, seq)
    for (int i = 1; i < size; i++) {
      Event e = ev[i];
      long t = k[2 * i];
      long s = k[2 * i + 1];
      int j = i;
      while (j > 0 && less(k[2 * j - 2], k[2 * j - 1], t, s)) {
        ev[j] = ev[j - 1];
        k[2 * j] = k[2 * j - 2];
        k[2 * j + 1] = k[2 * j - 1];
        j--;
      }
      ev[j] = e;
      k[2 * j] = t;
      k[2 * j + 1] = s;
    }
    for (int i = 0; i < size; i++) {
      ev[i].heapIndex = i;
    }
    sorted = true;
  }

  // ------------------------------------------------------------- heap layout

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
