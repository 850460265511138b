package io.nicsim.formats.text;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * A small deterministic JSON writer: maps print in their own iteration order (callers pass
 * LinkedHashMap or SortedMap), doubles through {@link Num#plain}, two-space indentation.
 */
public final class Json {
  private Json() {}

  public static String write(Object value) {
    StringBuilder sb = new StringBuilder();
    value(sb, value, 0);
    return sb.append('\n').toString();
  }

  private static void value(StringBuilder sb, Object v, int indent) {
    if (v == null) {
      sb.append("null");
    } else if (v instanceof String s) {
      string(sb, s);
    } else if (v instanceof Double d) {
      sb.append(Num.plain(d));
    } else if (v instanceof Float f) {
      sb.append(Num.plain(f));
    } else if (v instanceof BigDecimal b) {
      sb.append(b.signum() == 0 ? "0" : b.stripTrailingZeros().toPlainString());
    } else if (v instanceof Number n) {
      sb.append(n.longValue());
    } else if (v instanceof Boolean b) {
      sb.append(b);
    } else if (v instanceof Map<?, ?> m) {
      if (m.isEmpty()) {
        sb.append("{}");
        return;
      }
      sb.append("{\n");
      int i = 0;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        pad(sb, indent + 1);
        string(sb, String.valueOf(e.getKey()));
        sb.append(": ");
        value(sb, e.getValue(), indent + 1);
        sb.append(++i < m.size() ? ",\n" : "\n");
      }
      pad(sb, indent);
      sb.append('}');
    } else if (v instanceof List<?> l) {
      if (l.isEmpty()) {
        sb.append("[]");
        return;
      }
      boolean scalars = l.stream().noneMatch(x -> x instanceof Map || x instanceof List);
      if (scalars) {
        sb.append('[');
        for (int i = 0; i < l.size(); i++) {
          value(sb, l.get(i), indent);
          if (i + 1 < l.size()) {
            sb.append(", ");
          }
        }
        sb.append(']');
        return;
      }
      sb.append("[\n");
      for (int i = 0; i < l.size(); i++) {
        pad(sb, indent + 1);
        value(sb, l.get(i), indent + 1);
        sb.append(i + 1 < l.size() ? ",\n" : "\n");
      }
      pad(sb, indent);
      sb.append(']');
    } else {
      string(sb, v.toString());
    }
  }

  private static void string(StringBuilder sb, String s) {
    sb.append('"');
    sb.append(JsonStringEncoder.getInstance().quoteAsString(s));
    sb.append('"');
  }

  private static void pad(StringBuilder sb, int indent) {
    for (int i = 0; i < indent; i++) {
      sb.append("  ");
    }
  }
}
