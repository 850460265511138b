package io.nicsim.portcheck;

/**
 * One file-scope definition a harness's program may take from a tree: a macro, a function, a
 * variable (a static table), a type (struct, union, enum or typedef) or the enum that defines an
 * enumerator.
 *
 * @param kind what it is
 * @param name what it defines (the tag for a struct/union/enum)
 * @param source the file
 * @param start offset of its first character
 * @param end offset just past its last
 * @param bodyOpen for a function, the offset of its body's brace (its prototype ends there); -1
 * @param condition the {@code #if} context it sits in, empty when unconditional
 */
record CDefinition(
    Kind kind, String name, CSource source, int start, int end, int bodyOpen, String condition) {

  enum Kind {
    MACRO,
    TYPE,
    VARIABLE,
    FUNCTION
  }

  String text() {
    return source.text().substring(start, end);
  }

  /** A function's declaration, {@code static int f(int a);}, for the prototypes block. */
  String prototype() {
    return source.text().substring(start, bodyOpen).strip() + ";";
  }

  int line() {
    return source.lineOf(start);
  }

  /** Identity across lookups: the same text of the same file. */
  String key() {
    return source.path() + ":" + start;
  }
}
