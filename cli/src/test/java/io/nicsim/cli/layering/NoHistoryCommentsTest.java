package io.nicsim.cli.layering;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Comments in main and harness code say why the code is as it is, not which of nicsim's past
 * changes it came from: a reader has the code, not the sessions, issues or moves behind it
 * (those are in git's log and the issues). The rule catches the phrasings that can only
 * narrate nicsim's own history: a session, "formerly", "previously", a rename, a move from or
 * into one of nicsim's modules (a tracker's item number, anywhere: {@code NoTrackerNumbersTest}). The kernel's history stays: a port says what a
 * kernel commit changed ("no longer", "moved into fec_ctrl_reset", "used to"), and those words
 * are not caught.
 */
class NoHistoryCommentsTest {
  /** Phrases that narrate nicsim's history; {@code MODULE} stands for a module's name. */
  private static final List<String> HISTORY = List.of(
      "\\b(?:last|this|next|previous|earlier|a past) session\\b",
      "\\bsessions? \\d+",
      "\\bformerly\\b",
      "\\bpreviously\\b",
      "\\bwas renamed\\b",
      "\\brenamed (?:from|to)\\b",
      "\\bthe name it had\\b",
      "\\bused to live\\b",
      "\\bmoved here\\b",
      "\\bmoved (?:out of|from|into|to) (?:the )?(?:MODULE)(?:'s)?\\b(?![/(\\-]|\\.\\w)");

  @Test
  void noMainOrHarnessCommentNarratesHistory() throws IOException {
    List<String> modules = new ArrayList<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of(".."))) {
      for (Path m : dirs) {
        if (Files.isRegularFile(m.resolve("pom.xml"))) {
          modules.add(m.getFileName().toString());
        }
      }
    }
    assertThat(modules).contains("core", "runs", "cli");
    Pattern history = history(modules);
    List<String> found = new ArrayList<>();
    for (Path f : MainSources.javaFiles(Path.of(".."))) {
      for (String phrase : historyPhrases(Files.readString(f), history)) {
        found.add(f + ": " + phrase);
      }
    }
    assertThat(found).as("comments that narrate nicsim's history (say why instead)").isEmpty();
  }

  @Test
  void theScanReadsCommentsAcrossLinesAndLeavesCodeStringsAndKernelHistory() {
    String source = String.join("\n",
        "package a.b;",
        "/**",
        " * The ring, moved from",
        " * core last session.",
        " */",
        "class X {",
        "  // previously a map; fec_restart no longer calls fec_enet_reset_skb (v6.5)",
        "  String s = \"moved from core, formerly X\";",
        "  int formerly = 1; // GRO's functions moved from net/core/dev.c to gro.c",
        "  /* the skb moved into the payload; formerly Y */",
        "}");
    assertThat(historyPhrases(source, history(List.of("core", "runs"))))
        .containsExactly("moved from core", "last session", "previously", "formerly");
  }

  static Pattern history(List<String> modules) {
    String names = String.join("|", modules.stream().map(Pattern::quote).toList());
    return Pattern.compile(String.join("|", HISTORY).replace("MODULE", names),
        Pattern.CASE_INSENSITIVE);
  }

  /** The history phrases of {@code source}'s comments, each comment read as one line. */
  static List<String> historyPhrases(String source, Pattern history) {
    List<String> found = new ArrayList<>();
    for (String comment : comments(source)) {
      Matcher m = history.matcher(comment);
      while (m.find()) {
        found.add(m.group());
      }
    }
    return found;
  }

  /**
   * The text of {@code source}'s comments, outside string, text-block and char literals; a block
   * comment's lines joined with single spaces (its leading {@code *} dropped), so a phrase split
   * over two lines is one phrase.
   */
  private static List<String> comments(String source) {
    List<String> out = new ArrayList<>();
    int n = source.length();
    int i = 0;
    while (i < n) {
      if (source.startsWith("//", i)) {
        int end = indexOrEnd(source, "\n", i);
        out.add(source.substring(i + 2, end).strip());
        i = end;
      } else if (source.startsWith("/*", i)) {
        int end = Math.min(indexOrEnd(source, "*/", i + 2), n);
        StringBuilder text = new StringBuilder();
        for (String line : source.substring(i + 2, end).split("\n")) {
          String t = line.strip();
          t = t.startsWith("*") ? t.substring(1).strip() : t;
          if (!t.isEmpty()) {
            text.append(text.length() == 0 ? "" : " ").append(t);
          }
        }
        out.add(text.toString());
        i = end + 2;
      } else if (source.startsWith("\"\"\"", i)) {
        i = indexOrEnd(source, "\"\"\"", i + 3) + 3;
      } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
        char quote = source.charAt(i);
        int end = i + 1;
        while (end < n && source.charAt(end) != quote) {
          end += source.charAt(end) == '\\' ? 2 : 1;
        }
        i = end + 1;
      } else {
        i++;
      }
    }
    return out;
  }

  private static int indexOrEnd(String s, String what, int from) {
    int at = s.indexOf(what, from);
    return at < 0 ? s.length() : at;
  }
}
