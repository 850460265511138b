package io.nicsim.stmmac;

/**
 * {@code struct dma_desc}: the four little-endian words of a basic descriptor, as the
 * descriptor ops write them (the host is little-endian, so {@code cpu_to_le32} is the value).
 * The model's rings keep flags ({@code DescRing}); the ops build the words and the ring takes
 * OWN and the interrupt choice from them.
 */
final class DmaDesc {
  int des0;
  int des1;
  int des2;
  int des3;

  DmaDesc() {
  }

  DmaDesc(int des0, int des1, int des2, int des3) {
    this.des0 = des0;
    this.des1 = des1;
    this.des2 = des2;
    this.des3 = des3;
  }
}
