package io.nicsim.cli.env;

import io.nicsim.runs.RunEnv;
import java.lang.reflect.Constructor;
import picocli.CommandLine;

/**
 * A picocli factory that hands a {@link CliEnv} to every command class with a constructor
 * taking one, or its run part ({@link RunEnv}) to a command of another module that takes
 * that; other classes are made by picocli's default factory.
 */
public final class EnvFactory implements CommandLine.IFactory {
  private final CliEnv env;
  private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

  public EnvFactory(CliEnv env) {
    this.env = env;
  }

  @Override
  public <K> K create(Class<K> cls) throws Exception {
    try {
      Constructor<K> c = cls.getDeclaredConstructor(CliEnv.class);
      return c.newInstance(env);
    } catch (NoSuchMethodException e) {
      // not a bench command: perhaps one of a lower module's, which knows runs only
    }
    try {
      Constructor<K> c = cls.getDeclaredConstructor(RunEnv.class);
      return c.newInstance(env.runs());
    } catch (NoSuchMethodException e) {
      return fallback.create(cls);
    }
  }
}
