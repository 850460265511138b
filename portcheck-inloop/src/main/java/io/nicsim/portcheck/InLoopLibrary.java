package io.nicsim.portcheck;

import io.nicsim.core.port.exec.KernelCException;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.core.port.exec.PortHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One function's program compiled as a shared library, kept in memory: each {@link #open} writes
 * a private copy to a scratch file, loads it and deletes the file, so every thread gets the
 * library's static state to itself and nothing stays on disk.
 */
final class InLoopLibrary {
  private final PortHarness harness;
  private final byte[] image;
  private final List<String> inside;
  private final String release;
  /** The tree's writable static storage in the object (empty: none; null: not known). */
  private final List<String> statics;

  InLoopLibrary(PortHarness harness, byte[] image, List<String> inside, String release) {
    this(harness, image, inside, release, List.of());
  }

  InLoopLibrary(PortHarness harness, byte[] image, List<String> inside, String release,
      List<String> statics) {
    this.harness = harness;
    this.image = image;
    this.inside = inside;
    this.release = release;
    this.statics = statics;
  }

  /**
   * The writable static storage the tree's code defines in this object (nm's names): its
   * output may depend on more than its record, so no call reuses the last one's output; null
   * when nm could not tell.
   */
  List<String> statics() {
    return statics;
  }

  PortHarness harness() {
    return harness;
  }

  List<String> inside() {
    return inside;
  }

  /** A fresh instance of the library, for the calling thread. */
  NativePort open() {
    JniShim.load();
    Path dir = null;
    try {
      dir = InLoopFiles.create("nicsim-c");
      Path so = dir.resolve(harness.function() + ".so");
      Files.write(so, image);
      long handle = JniShim.open(so.toString());
      if (handle == 0) {
        throw new KernelCException("cannot load the compiled " + harness.function() + ": "
            + JniShim.error());
      }
      long entry = JniShim.symbol(handle, "nicsim_loop_call");
      int inputs = JniShim.inputs(handle);
      if (entry == 0 || inputs < 0) {
        JniShim.close(handle);
        throw new KernelCException("the compiled " + harness.function() + " has no loop entry");
      }
      return new JniNativePort(harness, entry, inputs, inside, release,
          statics == null || statics.isEmpty());
    } catch (IOException e) {
      throw new KernelCException("cannot write the compiled " + harness.function() + ": "
          + e.getMessage());
    } finally {
      InLoopFiles.delete(dir);
    }
  }
}
