package io.nicsim.portcheck;

import java.util.Optional;

/**
 * {@code --against}: a drifted function beside its definition in the tree the port was made from.
 *
 * @param before the definition in the old tree, if found there exactly once
 * @param diff unified diff old → new; empty if {@code before} is empty or the texts are equal
 * @param note what a reader must know: not found in the old tree, the old tree's copy does not
 *     match the lock (then it is not the tree the port was made from), or only the declaration
 *     changed (the body is the same: an attribute or the return type); empty otherwise
 */
public record Comparison(Optional<CFunction> before, String diff, String note) {

  /** Compares a drifted result (found exactly once in the new tree) with the old tree. */
  public static Comparison of(PortResult result, Location old) {
    CFunction after = result.location().definition();
    if (!old.isUnique()) {
      String why =
          old.kind() == Location.Kind.MISSING
              ? old.detail()
              : old.definitions().size() + " definitions";
      return new Comparison(Optional.empty(), "", "not comparable in the old tree: " + why);
    }
    CFunction before = old.definition();
    String note = "";
    if (result.locked().isPresent() && !FunctionHash.of(before).equals(result.locked().get().hash())) {
      note = "the old tree's copy does not match the lock either: it is not the tree the port was made from";
    }
    String diff = FunctionDiff.unified(before, after);
    if (diff.isEmpty() && note.isEmpty()) {
      note = "identical text in both trees";
    } else if (note.isEmpty()
        && Normaliser.normalise(before.body()).equals(Normaliser.normalise(after.body()))) {
      note = "only the declaration changed; the body is the same";
    }
    return new Comparison(Optional.of(before), diff, note);
  }
}
