package io.nicsim.core.sim;

import java.util.Arrays;

/**
 * A binary min-heap of {@link Event}s ordered by (time, sequence). Keys live in primitive
 * arrays beside the event array so that sifting compares longs without touching the events;
 * each event remembers its heap slot so that cancel and reschedule are O(log n).
 */
final class EventQueue {
  private Event[] events = new Event[256];
  private long[] times = new long[256];
  private long[] seqs = new long[256];
  private int size;

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  long peekTime() {
    return times[0];
  }

  Event peek() {
    return events[0];
  }

  /** Gives the top event a new key and restores heap order (cheaper than poll + add). */
  void replaceTop(Event e) {
    siftDown(0, e, e.time, e.seq);
  }

  void add(Event e) {
    if (size == events.length) {
      grow();
    }
    int i = size++;
    siftUp(i, e, e.time, e.seq);
  }

  Event poll() {
    Event top = events[0];
    top.heapIndex = -1;
    int last = --size;
    if (last > 0) {
      Event e = events[last];
      long t = times[last];
      long s = seqs[last];
      events[last] = null;
      siftDown(0, e, t, s);
    } else {
      events[0] = null;
    }
    return top;
  }

  void remove(Event e) {
    int i = e.heapIndex;
    e.heapIndex = -1;
    int last = --size;
    if (i == last) {
      events[last] = null;
      return;
    }
    Event moved = events[last];
    long t = times[last];
    long s = seqs[last];
    events[last] = null;
    if (i > 0 && less(t, s, times[(i - 1) >>> 1], seqs[(i - 1) >>> 1])) {
      siftUp(i, moved, t, s);
    } else {
      siftDown(i, moved, t, s);
    }
  }

  private static boolean less(long t1, long s1, long t2, long s2) {
    return t1 < t2 || (t1 == t2 && s1 < s2);
  }

  private void siftUp(int i, Event e, long t, long s) {
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!less(t, s, times[parent], seqs[parent])) {
        break;
      }
      place(i, events[parent], times[parent], seqs[parent]);
      i = parent;
    }
    place(i, e, t, s);
  }

  private void siftDown(int i, Event e, long t, long s) {
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < size && less(times[right], seqs[right], times[child], seqs[child])) {
        child = right;
      }
      if (!less(times[child], seqs[child], t, s)) {
        break;
      }
      place(i, events[child], times[child], seqs[child]);
      i = child;
    }
    place(i, e, t, s);
  }

  private void place(int i, Event e, long t, long s) {
    events[i] = e;
    times[i] = t;
    seqs[i] = s;
    e.heapIndex = i;
  }

  private void grow() {
    int n = events.length * 2;
    events = Arrays.copyOf(events, n);
    times = Arrays.copyOf(times, n);
    seqs = Arrays.copyOf(seqs, n);
  }
}
