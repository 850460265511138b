package io.nicsim.studies.plan;

import java.nio.charset.StandardCharsets;

/** Seeds derived from text, the same on every JVM (FNV-1a 64 then SplitMix64's finaliser). */
public final class Seeds {
  private Seeds() {}

  /** A seed (0..2^32-1, short enough to type) for {@code key} under {@code base}. */
  public static long derive(long base, String key) {
    long h = 0xcbf29ce484222325L ^ base;
    for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    h += 0x9e3779b97f4a7c15L;
    h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
    h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
    h = h ^ (h >>> 31);
    return h >>> 32;
  }
}
