package io.nicsim.formats.output;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a command option that names a file or directory the command writes (through
 * {@link Outputs}). Every other file-valued option is an input ({@link CommandFiles}), which no
 * output may overwrite.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface Output {
  /** A directory the command writes files into ({@code --plot-dir}), not a file. */
  boolean directory() default false;
}
