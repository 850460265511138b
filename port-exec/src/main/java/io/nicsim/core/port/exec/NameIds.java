package io.nicsim.core.port.exec;

/**
 * A fixed table from a token's name hash ({@link NativeOut#id}) to a small non-negative number:
 * how a bridge turns each token of a record into what it names without boxing the hash or
 * hashing a string per token (open addressing on primitive arrays, built once, read-only after).
 */
public final class NameIds {
  /** What {@link #get} returns for a hash the table does not hold. */
  public static final int ABSENT = -1;

  /** Slot i: its hash at 2i, its number at 2i + 1 (ABSENT when free); one cache line a probe. */
  private final long[] table;
  private final int mask;
  private int size;

  /** A table with room for {@code capacity} names. */
  public NameIds(int capacity) {
    int n = Integer.highestOneBit(Math.max(4, capacity * 2 - 1)) << 1;
    table = new long[2 * n];
    for (int i = 1; i < table.length; i += 2) {
      table[i] = ABSENT;
    }
    mask = n - 1;
  }

  /** Maps {@code name}'s hash to {@code value} (≥ 0); a name put twice keeps its first value. */
  public NameIds put(String name, int value) {
    return putId(NativeOut.id(name), value);
  }

  /** Maps the hash {@code id} to {@code value} (≥ 0); an id put twice keeps its first value. */
  public NameIds putId(long id, int value) {
    if (value < 0) {
      throw new IllegalArgumentException("a name's number is not negative: " + value);
    }
    if (size * 2 >= mask + 1) {
      throw new IllegalStateException("the table is full (" + size + " names)");
    }
    int i = slot(id);
    while (table[2 * i + 1] != ABSENT) {
      if (table[2 * i] == id) {
        return this;
      }
      i = (i + 1) & mask;
    }
    table[2 * i] = id;
    table[2 * i + 1] = value;
    size++;
    return this;
  }

  /** The number of the name whose hash is {@code id}, or {@link #ABSENT}. */
  public int get(long id) {
    int i = slot(id);
    long v;
    while ((v = table[2 * i + 1]) != ABSENT) {
      if (table[2 * i] == id) {
        return (int) v;
      }
      i = (i + 1) & mask;
    }
    return ABSENT;
  }

  private int slot(long id) {
    long h = id * 0x9E3779B97F4A7C15L;
    return (int) (h >>> 40) & mask;
  }
}
