package io.nicsim.stmmac;

/**
 * The names a transmit-side record may hold besides its ring entries and descriptors: the stub
 * calls {@code main.c} prints (named as {@link HarnessCalls} names them) and the fields
 * {@code nicsim_tx_put} and the drivers print. {@link TxReplay} turns each token's name hash
 * into one of these once ({@link io.nicsim.core.port.exec.NameIds}) and switches on it, so a
 * record is applied without a string per token.
 */
enum TxToken {
  NAPI_SCHEDULE_PREP("napi_schedule_prep"),
  NAPI_SCHEDULE("__napi_schedule"),
  NAPI_COMPLETE_DONE("napi_complete_done"),
  NAPI_IS_SCHEDULED("napi_is_scheduled"),
  HRTIMER_START("hrtimer_start"),
  HRTIMER_TRY_TO_CANCEL("hrtimer_try_to_cancel"),
  HRTIMER_ACTIVE("hrtimer_active"),
  HRTIMER_CANCEL("hrtimer_cancel"),
  NETIF_TX_QUEUE_STOPPED("netif_tx_queue_stopped"),
  NETIF_TX_STOP_QUEUE("netif_tx_stop_queue"),
  NETIF_TX_WAKE_QUEUE("netif_tx_wake_queue"),
  NETDEV_TX_SENT_QUEUE("netdev_tx_sent_queue"),
  NETDEV_TX_COMPLETED_QUEUE("netdev_tx_completed_queue"),
  NETIF_TX_LOCK_BH("__netif_tx_lock_bh"),
  NETIF_TX_UNLOCK_BH("__netif_tx_unlock_bh"),
  NETDEV_XMIT_MORE("netdev_xmit_more"),
  DMA_MAP_SINGLE("dma_map_single"),
  SKB_FRAG_DMA_MAP("skb_frag_dma_map"),
  DMA_MAPPING_ERROR("dma_mapping_error"),
  DMA_UNMAP_PAGE("dma_unmap_page"),
  DMA_UNMAP_SINGLE("dma_unmap_single"),
  DEV_CONSUME_SKB_ANY("dev_consume_skb_any"),
  DEV_KFREE_SKB("dev_kfree_skb"),
  SKB_TX_TIMESTAMP("skb_tx_timestamp"),
  SKB_CHECKSUM_HELP("skb_checksum_help"),
  WARN_ON("WARN_ON"),
  DEV_ERR("dev_err"),
  NETDEV_ERR("netdev_err"),
  PREPARE_TX_DESC("prepare_tx_desc"),
  PREPARE_TSO_TX_DESC("prepare_tso_tx_desc"),
  SET_TX_OWNER("set_tx_owner"),
  SET_TX_IC("set_tx_ic"),
  SET_DESC_ADDR("set_desc_addr"),
  SET_MSS("set_mss"),
  ENABLE_TX_TIMESTAMP("enable_tx_timestamp"),
  SET_DESC_VLAN("set_desc_vlan"),
  SET_DESC_SARC("set_desc_sarc"),
  SET_DESC_TBS("set_desc_tbs"),
  TX_STATUS("tx_status"),
  RELEASE_TX_DESC("release_tx_desc"),
  IS_JUMBO_FRM("is_jumbo_frm"),
  JUMBO_FRM("jumbo_frm"),
  CLEAN_DESC3("clean_desc3"),
  ENABLE_DMA_TRANSMISSION("enable_dma_transmission"),
  SET_TX_TAIL_PTR("set_tx_tail_ptr"),
  WRITEL("writel"),
  ENABLE_DMA_IRQ("enable_dma_irq"),
  DISABLE_DMA_IRQ("disable_dma_irq"),
  STMMAC_STOP_SW_LPI("stmmac_stop_sw_lpi"),
  STMMAC_DISABLE_EEE_MODE("stmmac_disable_eee_mode"),
  STMMAC_ENABLE_EEE_MODE("stmmac_enable_eee_mode"),
  MOD_TIMER_EEE_CTRL("mod_timer_eee_ctrl"),
  STMMAC_RESTART_SW_LPI_TIMER("stmmac_restart_sw_lpi_timer"),
  STMMAC_VLAN_INSERT("stmmac_vlan_insert"),
  VLAN_HWACCEL_PUSH_INSIDE("__vlan_hwaccel_push_inside"),
  STMMAC_HAS_IP_ETHERTYPE("stmmac_has_ip_ethertype"),
  STMMAC_GET_TX_HWTSTAMP("stmmac_get_tx_hwtstamp"),
  STMMAC_FREE_TX_BUFFER("stmmac_free_tx_buffer"),
  STMMAC_TX_CLEAN("stmmac_tx_clean"),
  STMMAC_BUMP_DMA_THRESHOLD("stmmac_bump_dma_threshold"),
  XDP_RETURN_FRAME_RX_NAPI("xdp_return_frame_rx_napi"),
  XDP_RETURN_FRAME("xdp_return_frame"),
  // fields
  CUR_TX("cur_tx"),
  DIRTY_TX("dirty_tx"),
  TX_COUNT_FRAMES("tx_count_frames"),
  MSS("mss"),
  TX_TAIL_ADDR("tx_tail_addr"),
  XSK_FRAMES_DONE("xsk_frames_done"),
  TX_BYTES("tx_bytes"),
  TX_SET_IC_BIT("tx_set_ic_bit"),
  TX_TSO_FRAMES("tx_tso_frames"),
  TX_TSO_NFRAGS("tx_tso_nfrags"),
  NAPI_POLL("napi_poll"),
  NAPI_TX_CLEAN("napi_tx_clean"),
  NAPI_TX_PACKETS("napi_tx_packets"),
  NAPI_TX_PKT_N("napi_tx_pkt_n"),
  TX_DROPPED("tx_dropped"),
  TX_ERRORS("tx_errors"),
  MAX_SDU_TXQ_DROP("max_sdu_txq_drop"),
  QUEUE_STOPPED("queue_stopped"),
  RET("ret"),
  PENDING_PACKETS("pending_packets"),
  SKB_LEN("skb.len"),
  SKB_IN_PROGRESS("skb.in_progress"),
  SKB_VLAN_PRESENT("skb.vlan_present");

  /** The name as the C prints it. */
  final String cName;

  TxToken(String cName) {
    this.cName = cName;
  }

  /** Whether the token is one of the record's fields rather than a call. */
  boolean field() {
    return ordinal() >= CUR_TX.ordinal();
  }
}
