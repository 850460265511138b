package io.nicsim.core.soc;

import io.nicsim.core.config.BadInputException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Rewrites a profile of an older schema as the current one ({@code nicsim profile upgrade
 * FILE}): every number without an uncertainty class gets the class it was read with
 * ({@link SocProfile#schema1Class}), and {@code schema: 2} is stated. Only those insertions are
 * made: comments, order, quoting and layout stay as they were. A flow mapping ({@code {value:
 * 4, source: "..."}}) gains {@code , class: C} before its closing brace; a block mapping gains a
 * {@code class: C} line below its {@code value:} line.
 */
public final class ProfileUpgrade {
  private static final Set<String> SECTIONS = Set.of("cpu", "kernel", "clocks", "params", "costs");

  private ProfileUpgrade() {}

  /** What {@link #upgrade} did: the new text and how many numbers were given a class. */
  public record Result(String text, int classesAdded, boolean schemaAdded) {
    public boolean changed() {
      return classesAdded > 0 || schemaAdded;
    }
  }

  /** Replace [at, end) with text (an insertion when end == at). */
  private record Insert(int at, int end, String text) {
    Insert(int at, String text) {
      this(at, at, text);
    }
  }

  /** The profile {@code yaml} (labelled {@code label} in errors) at the current schema. */
  public static Result upgrade(String label, String yaml) {
    Node root;
    try {
      root = new Yaml(new LoaderOptions()).compose(new StringReader(yaml));
    } catch (YAMLException e) {
      throw new BadInputException("soc profile " + label + ": not valid YAML ("
          + e.getMessage().lines().findFirst().orElse("") + ")");
    }
    if (!(root instanceof MappingNode top)) {
      throw new BadInputException("soc profile " + label + ": not a YAML mapping");
    }
    List<Insert> inserts = new ArrayList<>();
    boolean hasSchema = false;
    boolean schemaRaised = false;
    NodeTuple first = null;
    for (NodeTuple t : top.getValue()) {
      String key = key(t);
      first = first == null ? t : first;
      if ("schema".equals(key)) {
        hasSchema = true;
        if (!(t.getValueNode() instanceof ScalarNode v) || !v.getValue().matches("[0-9]+")
            || Integer.parseInt(v.getValue()) > SocProfile.SCHEMA) {
          throw new BadInputException("soc profile " + label + ": schema is not a version this"
              + " nicsim upgrades (accepted: 1.." + SocProfile.SCHEMA + ")");
        }
        if (!v.getValue().equals(Integer.toString(SocProfile.SCHEMA))) {
          schemaRaised = true;
          inserts.add(new Insert(v.getStartMark().getIndex(), v.getEndMark().getIndex(),
              Integer.toString(SocProfile.SCHEMA)));
        }
      }
      if (SECTIONS.contains(key) && t.getValueNode() instanceof MappingNode sec) {
        for (NodeTuple e : sec.getValue()) {
          if (e.getValueNode() instanceof MappingNode q) {
            Insert ins = classInsert(yaml, key + "." + key(e), q);
            if (ins != null) {
              inserts.add(ins);
            }
          }
        }
      }
    }
    int classes = (int) inserts.stream().filter(i -> i.text().contains("class:")).count();
    boolean schemaAdded = !hasSchema;
    if (schemaAdded) {
      if (first == null) {
        throw new BadInputException("soc profile " + label + ": an empty mapping");
      }
      int line = first.getKeyNode().getStartMark().getIndex()
          - first.getKeyNode().getStartMark().getColumn();
      inserts.add(new Insert(line, "schema: " + SocProfile.SCHEMA + "\n"));
    }
    return new Result(apply(yaml, inserts), classes, schemaAdded || schemaRaised);
  }

  /** The class insertion for one number, or null when it has a class or is calibrated. */
  private static Insert classInsert(String yaml, String field, MappingNode q) {
    NodeTuple value = null;
    for (NodeTuple t : q.getValue()) {
      String k = key(t);
      if ("class".equals(k) || "calibrated".equals(k)) {
        return null;
      }
      if ("value".equals(k)) {
        value = t;
      }
    }
    if (value == null) {
      return null; // not a number: the reader refuses it, naming the field
    }
    String cls = SocProfile.schema1Class(field).spelling();
    if (q.getFlowStyle() == DumperOptions.FlowStyle.FLOW) {
      int close = q.getEndMark().getIndex() - 1; // the closing brace
      while (close > 0 && yaml.charAt(close) != '}') {
        close--;
      }
      int at = close;
      while (at > 0 && Character.isWhitespace(yaml.charAt(at - 1))) {
        at--;
      }
      return new Insert(at, ", class: " + cls);
    }
    int col = value.getKeyNode().getStartMark().getColumn();
    int eol = yaml.indexOf('\n', value.getValueNode().getEndMark().getIndex());
    int at = eol < 0 ? yaml.length() : eol + 1;
    return new Insert(at, (eol < 0 ? "\n" : "") + " ".repeat(col) + "class: " + cls + "\n");
  }

  private static String apply(String yaml, List<Insert> inserts) {
    List<Insert> sorted = new ArrayList<>(inserts);
    sorted.sort(Comparator.comparingInt(Insert::at).reversed());
    StringBuilder sb = new StringBuilder(yaml);
    for (Insert i : sorted) {
      sb.replace(i.at(), i.end(), i.text());
    }
    return sb.toString();
  }

  private static String key(NodeTuple t) {
    return t.getKeyNode() instanceof ScalarNode s ? s.getValue() : null;
  }
}
