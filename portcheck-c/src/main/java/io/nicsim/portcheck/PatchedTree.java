package io.nicsim.portcheck;

import io.nicsim.core.port.exec.KernelCException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A tree with patches applied, in order, to a scratch view of it (the patched files in memory
 * over the tree; nothing is written): the new files' text, how each hunk was placed, and the
 * definitions whose text the patches changed.
 *
 * @param tree the patched view
 * @param files the patched files, in the order first patched
 * @param notes one line per hunk: where it applied, with offset and fuzz
 * @param changed the definitions whose text differs, as {@code file name} (functions) or
 *     {@code file kind name}
 * @param changedFunctions the functions among them, by file
 */
record PatchedTree(KernelTree tree, List<String> files, List<String> notes, List<String> changed,
    Map<String, Set<String>> changedFunctions) {

  static PatchedTree apply(KernelTree base, List<KernelPatch> patches) {
    Map<String, byte[]> overlay = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    for (KernelPatch patch : patches) {
      if (patch.repeats() > 0) {
        notes.add(patch.name() + ": " + patch.repeats() + " repeated file diff"
            + (patch.repeats() == 1 ? "" : "s") + " (the same patch again in the thread) read once");
      }
      for (KernelPatch.FileDiff d : patch.files()) {
        String path = d.path();
        Optional<String> current = overlay.containsKey(path)
            ? Optional.ofNullable(overlay.get(path)).map(b -> new String(b, StandardCharsets.UTF_8))
            : base.source(path).map(CSource::text);
        if (d.oldPath() == null) {
          if (current.isPresent()) {
            throw new KernelCException(patch.name() + ": " + path + " would be created, and the"
                + " tree already has it");
          }
          current = Optional.of("");
        } else if (current.isEmpty()) {
          throw new KernelCException(patch.name() + ": " + path + " is not in the tree "
              + base.root());
        }
        HunkApplier.Result r = HunkApplier.apply(patch.name(), d, current.get());
        notes.addAll(r.notes());
        overlay.put(path, d.newPath() == null ? null : r.text().getBytes(StandardCharsets.UTF_8));
      }
    }
    KernelTree patched = base.withFiles(overlay, "with " + patches.size() + " patch"
        + (patches.size() == 1 ? "" : "es"));
    List<String> changed = new ArrayList<>();
    Map<String, Set<String>> functions = new LinkedHashMap<>();
    for (String path : overlay.keySet()) {
      CDefinitions before = base.source(path).map(CDefinitions::of).orElse(null);
      CDefinitions after = patched.source(path).map(CDefinitions::of).orElse(null);
      Set<String> names = new LinkedHashSet<>();
      Set<String> tags = new LinkedHashSet<>();
      for (CDefinitions d : new CDefinitions[] {before, after}) {
        if (d != null) {
          names.addAll(new TreeSet<>(d.ordinaryNames()));
          tags.addAll(new TreeSet<>(d.tagNames()));
        }
      }
      for (String n : names) {
        List<CDefinition> b = before == null ? List.of() : before.ordinary(n);
        List<CDefinition> a = after == null ? List.of() : after.ordinary(n);
        if (!texts(b).equals(texts(a))) {
          boolean function = kindOf(b, a) == CDefinition.Kind.FUNCTION;
          changed.add(path + " " + (function ? "" : kind(kindOf(b, a)) + " ") + n);
          if (function) {
            functions.computeIfAbsent(path, k -> new LinkedHashSet<>()).add(n);
          }
        }
      }
      for (String t : tags) {
        List<CDefinition> b = before == null ? List.of() : before.tag(t);
        List<CDefinition> a = after == null ? List.of() : after.tag(t);
        if (!texts(b).equals(texts(a))) {
          changed.add(path + " type " + t);
        }
      }
    }
    return new PatchedTree(patched, List.copyOf(overlay.keySet()), List.copyOf(notes),
        List.copyOf(changed), functions);
  }

  private static List<String> texts(List<CDefinition> defs) {
    List<String> out = new ArrayList<>();
    for (CDefinition d : defs) {
      out.add(HunkApplier.loose(d.text().replace('\n', ' ')));
    }
    return out;
  }

  private static CDefinition.Kind kindOf(List<CDefinition> b, List<CDefinition> a) {
    return (!a.isEmpty() ? a : b).get(0).kind();
  }

  private static String kind(CDefinition.Kind k) {
    return switch (k) {
      case MACRO -> "macro";
      case TYPE -> "type";
      case VARIABLE -> "variable";
      case FUNCTION -> "function";
    };
  }
}
