package io.nicsim.ravb;

/** The AVB-DMAC / GbEth registers the ported paths read and write (ravb.h's enum ravb_reg). */
enum RavbReg {
  /** DMAC: transmit control (TSRQ0.. start requests). */
  TCCR,
  /** Interrupt summary status. */
  ISS,
  /** Receive interrupt status 0 (FRF0.. frame received per queue; write 0 to clear). */
  RIS0,
  /** Receive interrupt control 0 (FRE0.. per queue). */
  RIC0,
  /** Transmit interrupt status (FTF0.. frame transmitted per queue; write 0 to clear). */
  TIS,
  /** Transmit interrupt control (FTE0..). */
  TIC,
  /** R-Car Gen3 irq_en_dis: receive interrupt enable 0 (write 1 to set RIC0 bits). */
  RIE0,
  /** R-Car Gen3 irq_en_dis: receive interrupt disable 0 (write 1 to clear RIC0 bits). */
  RID0,
  /** R-Car Gen3 irq_en_dis: transmit interrupt enable (write 1 to set TIC bits). */
  TIE,
  /** R-Car Gen3 irq_en_dis: transmit interrupt disable (write 1 to clear TIC bits). */
  TID
}
