package io.nicsim.portcheck;

import java.util.Optional;

/**
 * The verdict on one ported function.
 *
 * @param port the function and the Java members porting it
 * @param state the verdict
 * @param location where it was found (or why not)
 * @param hash hash of the definition in the tree when there is exactly one, else empty
 * @param locked the lock's entry for it, if any
 */
public record PortResult(
    PortedFunction port, PortState state, Location location, Optional<String> hash,
    Optional<LockEntry> locked) {

  public boolean isDrift() {
    return state != PortState.OK && state != PortState.OUT_OF_RANGE;
  }

  /** For a MOVED function: whether its text still matches the lock. */
  public boolean matchesLock() {
    return hash.isPresent() && locked.isPresent() && hash.get().equals(locked.get().hash());
  }
}
