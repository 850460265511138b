package io.nicsim.portcheck;

import io.nicsim.core.port.exec.InputField;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which input field a name in the C stands for: a field matches a variable, parameter or
 * struct member whose name is the field name's last word ({@code ca.delay_min} matches
 * {@code ca->delay_min} and {@code delay_min}; {@code rx_coalesce_usecs} matches
 * {@code ec->rx_coalesce_usecs}). When several fields share that word, the one whose name also
 * holds the member's base ({@code ca} in {@code ca->cnt}) wins.
 */
final class FieldMap {
  private final List<InputField> fields;
  private final List<String[]> words = new ArrayList<>();
  private final Map<String, List<Integer>> byLastWord = new HashMap<>();

  FieldMap(List<InputField> fields) {
    this.fields = fields;
    for (int i = 0; i < fields.size(); i++) {
      String[] w = fields.get(i).name().split("[^A-Za-z0-9_]+");
      words.add(w);
      if (w.length > 0) {
        byLastWord.computeIfAbsent(w[w.length - 1], k -> new ArrayList<>()).add(i);
      }
    }
  }

  int size() {
    return fields.size();
  }

  InputField field(int i) {
    return fields.get(i);
  }

  /** The field a plain identifier names, or -1. */
  int identifier(String name) {
    List<Integer> c = byLastWord.get(name);
    return c == null ? -1 : c.get(0);
  }

  /** The field {@code base->name} names, or -1. */
  int member(String name, CExpr.Node base) {
    List<Integer> c = byLastWord.get(name);
    if (c == null) {
      return -1;
    }
    if (c.size() > 1) {
      String hint = base instanceof CExpr.Id id ? id.name()
          : base instanceof CExpr.Member m ? m.name() : null;
      if (hint != null) {
        for (int i : c) {
          String[] w = words.get(i);
          for (int k = 0; k < w.length - 1; k++) {
            if (w[k].equals(hint)) {
              return i;
            }
          }
        }
      }
    }
    return c.get(0);
  }

  /** The C type a field's values have as the evaluator reads them (from its domain). */
  CInt.Type type(int i) {
    InputField f = fields.get(i);
    if (f.unsigned()) {
      if (Long.compareUnsigned(f.max(), 0xFFFF) <= 0) {
        return CInt.Type.INT; // u8, u16: promoted to int
      }
      return Long.compareUnsigned(f.max(), 0xFFFF_FFFFL) <= 0 ? CInt.Type.UINT
          : CInt.Type.ULONG;
    }
    return f.min() >= Integer.MIN_VALUE && f.max() <= Integer.MAX_VALUE ? CInt.Type.INT
        : CInt.Type.LONG;
  }
}
