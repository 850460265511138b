package io.nicsim.core.net;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import io.nicsim.core.kernel.HarnessKernel;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for GRO's flush (net/core/gro.c, include/net/gro.h):
 * {@code napi_gro_flush} and {@code __napi_gro_flush_chain} up to 6.14, {@code gro_flush},
 * {@code __gro_flush} and {@code __gro_flush_chain} from the gro_node rework (6.15). The GRO
 * state travels as {@link #STATE}; the C drivers are {@code src/main/resources/nicsim/portexec/gro/}.
 */
public final class GroHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/gro/";
  static final String GRO_C = "net/core/gro.c";
  static final String GRO_H = "include/net/gro.h";
  private static final List<String> SOURCES = List.of(GRO_C, GRO_H, "include/linux/list.h",
      "include/linux/skbuff.h", "include/linux/netdevice.h");

  private static final int BUCKETS = Gro.GRO_HASH_BUCKETS;
  private static final int SLOTS = Gro.MAX_GRO_SKBS;
  /** Fields per bucket: its count, then (age delta, segment count) per held skb. */
  private static final int PER_BUCKET = 1 + 2 * SLOTS;

  /** The GRO state: jiffies, flush_old, the buckets in use, then each bucket's list. */
  static final List<InputField> STATE;

  static {
    List<InputField> f = new ArrayList<>(List.of(
        u64("jiffies"), bool("flush_old"),
        range("buckets in use", 0, (1 << BUCKETS) - 1).withEdges(1, 0x80, 0x81, 0xFF)));
    for (int b = 0; b < BUCKETS; b++) {
      f.add(range("hash[" + b + "].count", 0, SLOTS).withEdges(1, SLOTS));
      for (int i = 0; i < SLOTS; i++) {
        // age = jiffies - delta: 0 is this jiffy (flush_old keeps it), 1 the one before
        f.add(range("hash[" + b + "][" + i + "] jiffies - age", 0, 3));
        f.add(range("hash[" + b + "][" + i + "] count", 1, 45).withEdges(2, 44, 45));
      }
    }
    STATE = List.copyOf(f);
  }

  private static final String NOTE = "the held skbs' completion (napi_gro_complete /"
      + " gro_complete: inet_gro_complete and gro_normal_one) is a recording stub; ages are"
      + " jiffies minus 0..3";

  @Override
  public List<PortHarness> harnesses() {
    return List.of(
        flush(GRO_C, "napi_gro_flush", false),
        flush(GRO_C, "__gro_flush", true),
        flush(GRO_H, "gro_flush", true),
        chain("__napi_gro_flush_chain", false),
        chain("__gro_flush_chain", true),
        devGroReceive());
  }

  private static String program(String driver) {
    return PortHarness.resource(GroHarnesses.class, DIR + "common.c") + "\n"
        + PortHarness.resource(GroHarnesses.class, DIR + driver);
  }

  /** Buckets in use hold at least one skb (a set bit with an empty list is no state GRO has). */
  static long[] consistent(long[] r) {
    for (int b = 0; b < BUCKETS; b++) {
      int at = 3 + b * PER_BUCKET;
      if ((r[2] & (1L << b)) != 0 && r[at] == 0) {
        r[at] = 1;
      }
    }
    return r;
  }

  private static PortHarness flush(String file, String function, boolean groNode) {
    String driver = function + ".c";
    return PortHarness.of(file, function)
        .sources(SOURCES)
        .program(program(driver))
        .inputs(STATE)
        .admit(GroHarnesses::consistent)
        .notes(NOTE)
        .java(kernel -> side(kernel, groNode, (g, r, core) -> {
          if (file.equals(GRO_H)) {
            g.flush(r[1] != 0, core);
          } else {
            g.flushAll(r[1] != 0, core);
          }
        }))
        .build();
  }

  private static PortHarness chain(String function, boolean groNode) {
    List<InputField> in = new ArrayList<>(STATE);
    in.add(range("index", 0, BUCKETS - 1));
    return PortHarness.of(GRO_C, function)
        .sources(SOURCES)
        .program(program(function + ".c"))
        .inputs(in)
        .admit(r -> {
          // the caller walks the set bits only: the bucket flushed holds skbs
          r[2] |= 1L << r[STATE.size()];
          return consistent(r);
        })
        .notes(NOTE)
        .java(kernel -> side(kernel, groNode,
            (g, r, core) -> g.flushChain((int) r[STATE.size()], r[1] != 0, core)))
        .build();
  }

  /**
   * The skb dev_gro_receive gets and what the protocol's gro_receive answers (after the GRO
   * state): skb_get_hash_raw, netif_elide_gro, whether skb->protocol has a packet_offload, the
   * skb's len, then the callback's answer: -EINPROGRESS, the held skb it returns (a slot of
   * the bucket; past its count: NULL), same_flow, flush, free, and the offset it pulled the
   * headers to.
   */
  static final List<InputField> SKB = List.of(
      u32("hash").withEdges(7, 8, 0xFFFF_FFF8L), bool("netif_elide_gro"),
      bool("protocol has an offload"), range("len", 0, 65535).withEdges(54, 1514, 9018),
      bool("-EINPROGRESS"), range("pp slot (count and up: NULL)", 0, SLOTS),
      bool("same_flow"), bool("flush"), range("free", 0, 2),
      range("data_offset", 0, 65535).withEdges(54, 66));

  private static PortHarness devGroReceive() {
    List<InputField> in = new ArrayList<>(STATE);
    in.addAll(SKB);
    int at = STATE.size();
    return PortHarness.of(GRO_C, "dev_gro_receive")
        .sources(SOURCES)
        .program(program("dev_gro_receive.c"))
        .inputs(in)
        .admit(r -> {
          // the protocol's headers lie within the skb's head (a driver's RX skb is linear)
          if (r[at + 9] > r[at + 3]) {
            r[at + 9] = r[at + 3];
          }
          return consistent(r);
        })
        .notes(NOTE + "; gro_list_prepare and the protocol's gro_receive (inet_gro_receive ->"
            + " tcp4_gro_receive) are recording stubs answering from the record;"
            + " gro_flush_oldest runs from the tree; the skb is linear and not GSO (a driver's"
            + " RX skb: no frag_list, no frag0 pull) and CHECKSUM_NONE (nicsim has no"
            + " checksums)")
        .java(GroHarnesses::receiveSide)
        .build();
  }

  /** The record's skb through Gro.devGroReceive, the offload answering from the record. */
  private static JavaPort receiveSide(String kernel) {
    HarnessKernel hk = new HarnessKernel();
    Core core = hk.cpu.core(0);
    SkbLedger ledger = new SkbLedger();
    Skb[] skbs = new Skb[BUCKETS * SLOTS];
    for (int i = 0; i < skbs.length; i++) {
      skbs[i] = ledger.alloc(1500, 2048); // ids 1..64: id - 1 = b * 8 + i
    }
    Skb skb = ledger.alloc(1500, 2048); // id 65: the skb received
    Out out = new Out();
    Gro g = new Gro(hk.kernel, false);
    g.bind((held, c) -> out.call("complete", held.id() - 1, held.gsoSegs));
    int at = STATE.size();
    long[][] record = new long[1][];
    g.offload = new Gro.Offload() {
      @Override
      public int hash(Skb s) {
        return (int) record[0][at];
      }

      @Override
      public void listPrepare(int bucket, Skb s) {
        out.call("gro_list_prepare", bucket);
      }

      @Override
      public boolean hasOffload(Skb s) {
        return record[0][at + 2] != 0;
      }

      @Override
      public int groReceive(int bucket, Skb s, Core c) {
        long[] r = record[0];
        out.call("inet_gro_receive", bucket);
        s.hdrLen = (int) r[at + 9];
        g.cbSameFlow = r[at + 6] != 0;
        g.cbFlush |= r[at + 7] != 0;
        g.cbFree = (int) r[at + 8];
        if (r[at + 4] != 0) {
          return Gro.EINPROGRESS;
        }
        return r[at + 5] < g.listCount[bucket] ? (int) r[at + 5] : -1;
      }
    };
    return r -> {
      out.reset();
      long now = hk.kernel.cpu().jiffiesAt(core.cursor());
      set(g, r, skbs, now);
      record[0] = r;
      g.elide = r[at + 1] != 0;
      skb.len = (int) r[at + 3];
      skb.hdrLen = 0; // skb_gro_reset_offset
      skb.gsoSize = 0;
      g.cbFlush = false;
      int ret = g.devGroReceive(skb, core);
      out.put("ret", ret);
      out.put("skb.flush", g.cbFlush);
      if (ret == Gro.GRO_HELD) {
        int b = (int) (r[at] & (BUCKETS - 1));
        out.u("skb.jiffies_minus_age", now - g.age[b][0]);
        out.put("skb.count", g.count[b][0]);
        out.put("skb.gso_size", skb.gsoSize);
      }
      return put(out, g).toString();
    };
  }

  /** A call of the port on a GRO state. */
  private interface Flush {
    void run(Gro g, long[] r, Core core);
  }

  /** The gro_node rework (v6.15) renamed the functions; each name runs on its own era. */
  private static JavaPort side(String kernel, boolean groNode, Flush call) {
    boolean rework = releaseAtLeast(kernel, 6, 15);
    if (rework != groNode) {
      throw new NotRunnable("not in " + kernel + (groNode ? ": the gro_node functions are"
          + " 6.15's" : ": renamed by the gro_node rework (6.15)"));
    }
    HarnessKernel hk = new HarnessKernel();
    Core core = hk.cpu.core(0);
    SkbLedger ledger = new SkbLedger();
    Skb[] skbs = new Skb[BUCKETS * SLOTS];
    for (int i = 0; i < skbs.length; i++) {
      skbs[i] = ledger.alloc(1500, 2048); // ids 1..64: id - 1 = b * 8 + i
    }
    Out out = new Out();
    Gro g = new Gro(hk.kernel, false);
    g.bind((skb, c) -> out.call("complete", skb.id() - 1, skb.gsoSegs));
    return r -> {
      out.reset();
      set(g, r, skbs, hk.kernel.cpu().jiffiesAt(core.cursor()));
      call.run(g, r, core);
      return put(out, g).toString();
    };
  }

  /** The record as the Java GRO state (ages relative to the Java side's own jiffies). */
  static void set(Gro g, long[] r, Skb[] skbs, long now) {
    g.bitmask = 0;
    for (int b = 0; b < BUCKETS; b++) {
      int at = 3 + b * PER_BUCKET;
      int n = (r[2] & (1L << b)) != 0 ? (int) r[at] : 0;
      for (int i = 0; i < SLOTS; i++) {
        g.held[b][i] = null;
      }
      for (int i = 0; i < n; i++) {
        Skb skb = skbs[b * SLOTS + i];
        skb.gsoSegs = (int) r[at + 2 + 2 * i];
        skb.gsoSize = 1448;
        g.held[b][i] = skb;
        g.age[b][i] = now - r[at + 1 + 2 * i];
        g.count[b][i] = skb.gsoSegs;
      }
      g.listCount[b] = n;
      if (n > 0) {
        g.bitmask |= 1 << b;
      }
    }
  }

  static Out put(Out o, Gro g) {
    o.u("bitmask", Integer.toUnsignedLong(g.bitmask));
    for (int b = 0; b < BUCKETS; b++) {
      o.put("hash[" + b + "].count", g.listCount[b]);
      for (int i = 0; i < g.listCount[b]; i++) {
        o.put("hash[" + b + "][" + i + "]", g.held[b][i].id() - 1);
      }
    }
    return o;
  }

  /** Whether the tree's release is at least {@code major.minor}. */
  static boolean releaseAtLeast(String kernel, int major, int minor) {
    String[] p = kernel.split("\\.");
    int ma = Integer.parseInt(p[0]);
    int mi = p.length > 1 ? Integer.parseInt(p[1]) : 0;
    return ma > major || (ma == major && mi >= minor);
  }
}
