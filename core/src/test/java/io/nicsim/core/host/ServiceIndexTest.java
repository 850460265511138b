package io.nicsim.core.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceIndexTest {
  private static final String SERVICE = "META-INF/services/io.nicsim.core.host.MacModelProvider";
  private static final String LIST = "META-INF/nicsim/cost-ops";

  @TempDir Path dir;

  private Path jar(String name, String... entries) throws IOException {
    Path p = dir.resolve(name);
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(p))) {
      for (String e : entries) {
        out.putNextEntry(new JarEntry(e));
        out.write((name + " " + e + "\n").getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
      }
    }
    return p;
  }

  private static List<String> read(ClassLoader l, String name) throws IOException {
    List<String> out = new ArrayList<>();
    for (URL u : Collections.list(l.getResources(name))) {
      try (InputStream in = u.openStream()) {
        out.add(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
      }
    }
    return out;
  }

  @Test
  void answersNicsimFilesFromTheIndexInClassPathOrder() throws IOException {
    Path a = jar("a.jar", SERVICE, "other/x.txt");
    Path b = jar("b.jar", "META-INF/services/org.example.Other", "other/x.txt");
    Path c = jar("c.jar", SERVICE, LIST);
    Path classes = dir.resolve("classes");
    Files.createDirectories(classes.resolve("META-INF/nicsim"));
    Files.writeString(classes.resolve(LIST), "dir list");
    String cp = String.join(File.pathSeparator, a.toString(), b.toString(), c.toString(),
        classes.toString());
    Path index = dir.resolve("services.idx");
    ServiceIndex.write(index, cp);

    try (URLClassLoader plain = new URLClassLoader(new URL[] {a.toUri().toURL(),
        b.toUri().toURL(), c.toUri().toURL(), classes.toUri().toURL()}, null)) {
      ClassLoader view = ServiceIndex.load(plain, index.toString(), cp);
      assertNotSame(plain, view);
      // the same files, in the same order, as the class path gives
      assertEquals(read(plain, SERVICE), read(view, SERVICE));
      assertEquals(List.of("a.jar " + SERVICE, "c.jar " + SERVICE), read(view, SERVICE));
      assertEquals(List.of("c.jar " + LIST, "dir list"), read(view, LIST));
      assertEquals(read(plain, LIST), read(view, LIST));
      // a nicsim file no entry holds: none, as the class path says
      assertEquals(List.of(), read(view, "META-INF/services/io.nicsim.None"));
      assertNull(view.getResource("META-INF/services/io.nicsim.None"));
      // anything else is the class path's: other services, other files
      assertEquals(read(plain, "other/x.txt"), read(view, "other/x.txt"));
      assertEquals(List.of("b.jar META-INF/services/org.example.Other"),
          read(view, "META-INF/services/org.example.Other"));
      assertEquals(plain.getResource("other/x.txt"), view.getResource("other/x.txt"));
    }
  }

  @Test
  void isUnusedOnAnotherClassPathOrWithoutAFile() throws IOException {
    Path a = jar("a.jar", SERVICE);
    Path index = dir.resolve("services.idx");
    ServiceIndex.write(index, a.toString());
    ClassLoader l = ServiceIndexTest.class.getClassLoader();
    assertSame(l, ServiceIndex.load(l, index.toString(), a + File.pathSeparator + "extra.jar"));
    assertSame(l, ServiceIndex.load(l, dir.resolve("missing").toString(), a.toString()));
    assertSame(l, ServiceIndex.load(l, null, a.toString()));
    try (OutputStream out = Files.newOutputStream(index)) {
      out.write("class-path ".concat(a.toString()).concat("\nno-url-here\n")
          .getBytes(StandardCharsets.UTF_8));
    }
    assertSame(l, ServiceIndex.load(l, index.toString(), a.toString()));
    // the system class loader without the launcher's property: itself
    assertSame(ClassLoader.getSystemClassLoader(),
        ServiceIndex.view(ClassLoader.getSystemClassLoader()));
  }
}
