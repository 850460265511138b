package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * C expressions as the comparison reader parses them from a function's lexemes: enough of C's
 * grammar to read conditions, initialisers and assignments (casts, member access, calls,
 * every binary operator with C's precedence). What it cannot read becomes {@link Opaque}.
 */
final class CExpr {
  private CExpr() {}

  /** A parsed expression. */
  sealed interface Node permits Num, Id, Member, Index, Call, Unary, Binary, Cond, Cast, Assign,
      Opaque {}

  record Num(CInt value) implements Node {}

  /** An identifier: a variable, parameter, global or enumerator. */
  record Id(String name) implements Node {}

  /** {@code base->name} or {@code base.name}. */
  record Member(Node base, String name, boolean arrow) implements Node {}

  record Index(Node base, Node index) implements Node {}

  /** A call of a named function or of a macro the reader interprets ({@link CMacros#KEPT}). */
  record Call(String name, List<Node> args) implements Node {}

  /** {@code - + ! ~ * &}, and {@code ++x}, {@code x++} as {@code "++"}/{@code "--"}. */
  record Unary(String op, Node x) implements Node {}

  record Binary(String op, Node a, Node b) implements Node {}

  record Cond(Node c, Node a, Node b) implements Node {}

  /**
   * {@code (type) x}; {@code type} is null when the type is not an integer (a pointer, a
   * struct) or not known. {@code text} is the type as written.
   */
  record Cast(CInt.Type type, String text, Node x) implements Node {}

  record Assign(String op, Node target, Node value) implements Node {}

  /**
   * Something the reader does not interpret. {@code text} is its C text when that text means
   * the same anywhere in the program ({@code sizeof(struct x)}), else empty.
   */
  record Opaque(String text) implements Node {}

  static final Opaque OPAQUE = new Opaque("");

  /** Integer type names: C's own and the kernel's fixed-width ones. */
  static final Map<String, CInt.Type> BUILTIN_TYPES = Map.ofEntries(
      Map.entry("u8", new CInt.Type(8, true)), Map.entry("__u8", new CInt.Type(8, true)),
      Map.entry("uint8_t", new CInt.Type(8, true)), Map.entry("s8", new CInt.Type(8, false)),
      Map.entry("__s8", new CInt.Type(8, false)), Map.entry("int8_t", new CInt.Type(8, false)),
      Map.entry("u16", new CInt.Type(16, true)), Map.entry("__u16", new CInt.Type(16, true)),
      Map.entry("uint16_t", new CInt.Type(16, true)), Map.entry("__le16", new CInt.Type(16, true)),
      Map.entry("__be16", new CInt.Type(16, true)), Map.entry("s16", new CInt.Type(16, false)),
      Map.entry("__s16", new CInt.Type(16, false)), Map.entry("int16_t", new CInt.Type(16, false)),
      Map.entry("u32", CInt.Type.UINT), Map.entry("__u32", CInt.Type.UINT),
      Map.entry("uint32_t", CInt.Type.UINT), Map.entry("__le32", CInt.Type.UINT),
      Map.entry("__be32", CInt.Type.UINT), Map.entry("gfp_t", CInt.Type.UINT),
      Map.entry("s32", CInt.Type.INT), Map.entry("__s32", CInt.Type.INT),
      Map.entry("int32_t", CInt.Type.INT), Map.entry("u64", CInt.Type.ULONG),
      Map.entry("__u64", CInt.Type.ULONG), Map.entry("uint64_t", CInt.Type.ULONG),
      Map.entry("size_t", CInt.Type.ULONG), Map.entry("uintptr_t", CInt.Type.ULONG),
      Map.entry("dma_addr_t", CInt.Type.ULONG), Map.entry("phys_addr_t", CInt.Type.ULONG),
      Map.entry("resource_size_t", CInt.Type.ULONG), Map.entry("netdev_features_t",
          CInt.Type.ULONG),
      Map.entry("s64", CInt.Type.LONG), Map.entry("__s64", CInt.Type.LONG),
      Map.entry("int64_t", CInt.Type.LONG), Map.entry("ssize_t", CInt.Type.LONG),
      Map.entry("ktime_t", CInt.Type.LONG), Map.entry("time64_t", CInt.Type.LONG),
      Map.entry("ptrdiff_t", CInt.Type.LONG), Map.entry("bool", CInt.Type.BOOL),
      Map.entry("_Bool", CInt.Type.BOOL));

  /** Words that start a type name (a cast, a declaration). */
  static final Set<String> TYPE_WORDS = Set.of("unsigned", "signed", "int", "long", "short",
      "char", "void", "struct", "union", "enum", "const", "volatile", "__typeof__", "typeof",
      "__typeof", "static", "register", "__u128", "__int128");

  /** The typedef names of a program and what they stand for (null: not an integer type). */
  interface Types {
    boolean isTypeName(String word);

    CInt.Type typedef(String word);
  }

  /** A parse error: the statement is skipped. */
  static final class Unreadable extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final Unreadable INSTANCE = new Unreadable();

    private Unreadable() {
      super(null, null, false, false);
    }
  }

  /** Parses lexemes {@code from..to} of {@code l}. */
  static final class Parser {
    private final List<CLex> l;
    private final int end;
    private final Types types;
    private int i;

    Parser(List<CLex> l, int from, int to, Types types) {
      this.l = l;
      this.i = from;
      this.end = to;
      this.types = types;
    }

    int position() {
      return i;
    }

    boolean atEnd() {
      return i >= end;
    }

    private CLex peek(int ahead) {
      return i + ahead < end ? l.get(i + ahead) : null;
    }

    private boolean peekOp(String op) {
      CLex p = peek(0);
      return p != null && p.isOp(op);
    }

    private void expect(String op) {
      if (!peekOp(op)) {
        throw Unreadable.INSTANCE;
      }
      i++;
    }

    /** A whole expression (comma operators: the last operand). */
    Node expression() {
      Node n = assignment();
      while (peekOp(",")) {
        i++;
        n = assignment();
      }
      return n;
    }

    private static final Set<String> ASSIGN = Set.of("=", "+=", "-=", "*=", "/=", "%=", "&=",
        "|=", "^=", "<<=", ">>=");

    Node assignment() {
      Node target = conditional();
      CLex p = peek(0);
      if (p != null && p.kind() == CLex.OP && ASSIGN.contains(p.text())) {
        i++;
        return new Assign(p.text(), target, assignment());
      }
      return target;
    }

    private Node conditional() {
      Node c = binary(1);
      if (peekOp("?")) {
        i++;
        Node a = peekOp(":") ? c : expression(); // GNU a ?: b
        expect(":");
        Node b = conditional();
        return new Cond(c, a, b);
      }
      return c;
    }

    private static int precedence(CLex p) {
      if (p == null || p.kind() != CLex.OP) {
        return -1;
      }
      return switch (p.text()) {
        case "||" -> 1;
        case "&&" -> 2;
        case "|" -> 3;
        case "^" -> 4;
        case "&" -> 5;
        case "==", "!=" -> 6;
        case "<", ">", "<=", ">=" -> 7;
        case "<<", ">>" -> 8;
        case "+", "-" -> 9;
        case "*", "/", "%" -> 10;
        default -> -1;
      };
    }

    private Node binary(int min) {
      Node left = unary();
      while (true) {
        CLex p = peek(0);
        int prec = precedence(p);
        if (prec < min) {
          return left;
        }
        i++;
        Node right = binary(prec + 1);
        left = new Binary(p.text(), left, right);
      }
    }

    private boolean startsType(int at) {
      CLex w = peek(at);
      return w != null && w.isIdent()
          && (TYPE_WORDS.contains(w.text()) || BUILTIN_TYPES.containsKey(w.text())
              || types.isTypeName(w.text()));
    }

    private Node unary() {
      CLex p = peek(0);
      if (p == null) {
        throw Unreadable.INSTANCE;
      }
      if (p.isOp("(") && startsType(1)) {
        int close = matching(i);
        String text = text(i + 1, close);
        CInt.Type t = castType(i + 1, close);
        i = close + 1;
        if (peekOp("{")) {
          i = matching(i) + 1; // a compound literal
          return OPAQUE;
        }
        return new Cast(t, text, unary());
      }
      if (p.kind() == CLex.OP) {
        switch (p.text()) {
          case "-", "+", "!", "~", "*", "&" -> {
            i++;
            return new Unary(p.text(), unary());
          }
          case "++", "--" -> {
            i++;
            return new Unary(p.text(), unary());
          }
          default -> {
          }
        }
      }
      if (p.isIdent() && (p.is("sizeof") || p.is("__alignof__") || p.is("_Alignof")
          || p.is("__builtin_constant_p"))) {
        int from = i;
        i++;
        if (peekOp("(")) {
          i = matching(i) + 1;
        } else {
          unary();
        }
        return p.is("__builtin_constant_p") ? OPAQUE : new Opaque(text(from, i));
      }
      return postfix(primary());
    }

    private Node primary() {
      CLex p = peek(0);
      if (p == null) {
        throw Unreadable.INSTANCE;
      }
      i++;
      if (p.kind() == CLex.NUMBER) {
        CInt v = CInt.literal(p.text());
        return v == null ? OPAQUE : new Num(v);
      }
      if (p.kind() == CLex.LITERAL) {
        return charLiteral(p.text());
      }
      if (p.isIdent()) {
        return new Id(p.text());
      }
      if (p.isOp("(")) {
        if (peekOp("{")) {
          i = matching(i - 1) + 1; // a statement expression
          return OPAQUE;
        }
        Node n = expression();
        expect(")");
        return n;
      }
      throw Unreadable.INSTANCE;
    }

    private Node postfix(Node n) {
      while (true) {
        CLex p = peek(0);
        if (p == null || p.kind() != CLex.OP) {
          return n;
        }
        switch (p.text()) {
          case "[" -> {
            i++;
            Node index = expression();
            expect("]");
            n = new Index(n, index);
          }
          case "(" -> {
            i++;
            List<Node> args = new ArrayList<>();
            if (!peekOp(")")) {
              args.add(argument());
              while (peekOp(",")) {
                i++;
                args.add(argument());
              }
            }
            expect(")");
            n = new Call(n instanceof Id id ? id.name() : "", args);
          }
          case ".", "->" -> {
            i++;
            CLex name = peek(0);
            if (name == null || !name.isIdent()) {
              throw Unreadable.INSTANCE;
            }
            i++;
            n = new Member(n, name.text(), p.is("->"));
          }
          case "++", "--" -> {
            i++;
            n = new Unary(p.text(), n);
          }
          default -> {
            return n;
          }
        }
      }
    }

    /** A call's argument: an expression, or a type name (typecheck(u32, x), min_t(u32, a, b)). */
    private Node argument() {
      if (startsType(0) && !(peek(1) != null && peek(1).kind() == CLex.OP
          && !peek(1).isOp("*") && !peek(1).isOp(",") && !peek(1).isOp(")"))) {
        int from = i;
        int depth = 0;
        while (i < end) {
          CLex q = l.get(i);
          if (q.isOp("(")) {
            depth++;
          } else if (q.isOp(")")) {
            if (depth == 0) {
              break;
            }
            depth--;
          } else if (q.isOp(",") && depth == 0) {
            break;
          }
          i++;
        }
        CInt.Type t = castType(from, i);
        return new Cast(t, text(from, i), OPAQUE);
      }
      return assignment();
    }

    /** The index of the lexeme closing the bracket at {@code open}. */
    private int matching(int open) {
      int depth = 0;
      for (int k = open; k < end; k++) {
        CLex q = l.get(k);
        if (q.isOp("(") || q.isOp("[") || q.isOp("{")) {
          depth++;
        } else if (q.isOp(")") || q.isOp("]") || q.isOp("}")) {
          if (--depth == 0) {
            return k;
          }
        }
      }
      throw Unreadable.INSTANCE;
    }

    private String text(int from, int to) {
      StringBuilder b = new StringBuilder();
      for (int k = from; k < to; k++) {
        if (b.length() > 0) {
          b.append(' ');
        }
        b.append(l.get(k).text());
      }
      return b.toString();
    }

    /** The integer type the words {@code from..to} name, or null. */
    private CInt.Type castType(int from, int to) {
      List<String> words = new ArrayList<>();
      for (int k = from; k < to; k++) {
        CLex q = l.get(k);
        if (!q.isIdent()) {
          return null; // a pointer, typeof(...), an array
        }
        if (!q.is("const") && !q.is("volatile")) {
          words.add(q.text());
        }
      }
      return typeOf(words, types);
    }
  }

  /** The integer type some words name ({@code unsigned long}, {@code u32}), or null. */
  static CInt.Type typeOf(List<String> words, Types types) {
    if (words.isEmpty()) {
      return null;
    }
    if (words.size() == 1) {
      String w = words.get(0);
      CInt.Type t = BUILTIN_TYPES.get(w);
      if (t != null) {
        return t;
      }
      if (types.isTypeName(w)) {
        return types.typedef(w);
      }
    }
    if (words.contains("struct") || words.contains("union") || words.contains("void")) {
      return null;
    }
    boolean unsigned = words.contains("unsigned");
    int longs = (int) words.stream().filter("long"::equals).count();
    if (words.contains("char")) {
      // the kernel builds with -funsigned-char
      return new CInt.Type(8, unsigned || !words.contains("signed"));
    }
    if (words.contains("short")) {
      return new CInt.Type(16, unsigned);
    }
    if (longs > 0) {
      return new CInt.Type(64, unsigned);
    }
    if (words.contains("enum")) {
      return CInt.Type.UINT;
    }
    for (String w : words) {
      if (!w.equals("unsigned") && !w.equals("signed") && !w.equals("int")) {
        return null;
      }
    }
    return new CInt.Type(32, unsigned);
  }

  private static Node charLiteral(String text) {
    if (text.length() == 3 && text.charAt(0) == '\'') {
      return new Num(CInt.ofInt(text.charAt(1)));
    }
    if (text.length() == 4 && text.startsWith("'\\")) {
      char c = switch (text.charAt(2)) {
        case 'n' -> '\n';
        case 't' -> '\t';
        case '0' -> 0;
        default -> text.charAt(2);
      };
      return new Num(CInt.ofInt(c));
    }
    return OPAQUE;
  }

  /** The expression as C text (for evaluating a closed one inside the program), or null. */
  static String render(Node n) {
    StringBuilder b = new StringBuilder();
    return render(n, b) ? b.toString() : null;
  }

  private static boolean render(Node n, StringBuilder b) {
    if (n instanceof Num x) {
      b.append(x.value().unsigned() ? Long.toUnsignedString(x.value().v())
          : Long.toString(x.value().v()));
      b.append(x.value().unsigned() ? (x.value().bits() == 64 ? "ULL" : "U")
          : x.value().bits() == 64 ? "LL" : "");
      return true;
    }
    if (n instanceof Id x) {
      b.append(x.name());
      return true;
    }
    if (n instanceof Member x) {
      b.append('(');
      boolean ok = render(x.base(), b);
      b.append(')').append(x.arrow() ? "->" : ".").append(x.name());
      return ok;
    }
    if (n instanceof Index x) {
      b.append('(');
      boolean ok = render(x.base(), b);
      b.append(")[");
      ok &= render(x.index(), b);
      b.append(']');
      return ok;
    }
    if (n instanceof Call x) {
      if (x.name().isEmpty()) {
        return false;
      }
      b.append(x.name()).append('(');
      for (int k = 0; k < x.args().size(); k++) {
        if (k > 0) {
          b.append(", ");
        }
        Node a = x.args().get(k);
        if (a instanceof Cast c && c.x() == OPAQUE) {
          b.append(c.text()); // a type argument
        } else if (!render(a, b)) {
          return false;
        }
      }
      b.append(')');
      return true;
    }
    if (n instanceof Unary x) {
      if (x.op().equals("++") || x.op().equals("--")) {
        return false;
      }
      b.append(x.op()).append('(');
      boolean ok = render(x.x(), b);
      b.append(')');
      return ok;
    }
    if (n instanceof Binary x) {
      b.append('(');
      boolean ok = render(x.a(), b);
      b.append(' ').append(x.op()).append(' ');
      ok &= render(x.b(), b);
      b.append(')');
      return ok;
    }
    if (n instanceof Cond x) {
      b.append('(');
      boolean ok = render(x.c(), b);
      b.append(" ? ");
      ok &= render(x.a(), b);
      b.append(" : ");
      ok &= render(x.b(), b);
      b.append(')');
      return ok;
    }
    if (n instanceof Cast x) {
      b.append("((").append(x.text()).append(")(");
      boolean ok = render(x.x(), b);
      b.append("))");
      return ok;
    }
    if (n instanceof Opaque x) {
      b.append(x.text());
      return !x.text().isEmpty();
    }
    return false; // an assignment
  }
}
