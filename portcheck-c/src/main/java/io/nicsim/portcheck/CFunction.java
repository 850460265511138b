package io.nicsim.portcheck;

/**
 * One definition of a C function found in a file.
 *
 * @param source the file it is in
 * @param name the function's name
 * @param start offset of the first token of the definition (storage class, return type,
 *     attributes; leading comments excluded)
 * @param bodyOpen offset of the body's opening brace
 * @param end offset just past the body's closing brace
 */
public record CFunction(CSource source, String name, int start, int bodyOpen, int end) {

  /** The whole definition, signature and body, exactly as in the file. */
  public String text() {
    return source.text().substring(start, end);
  }

  /** The body from its opening to its closing brace, exactly as in the file. */
  public String body() {
    return source.text().substring(bodyOpen, end);
  }

  /** 1-based line where the definition starts. */
  public int line() {
    return source.lineOf(start);
  }

  /** {@code path:line}, for messages. */
  public String where() {
    return source.path() + ":" + line();
  }
}
