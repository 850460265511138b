/* record: vlan_feature skb_len vlan_tci; the skb's data is a frame at the start of page 1 */
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_fep_set(0, true);
  nicsim_ndev.features = in[0] ? NETIF_F_HW_VLAN_CTAG_RX : 0;
  struct page *page = nicsim_page(1);
  memset(page->nicsim_mem, 0, NICSIM_PAGE_BYTES);
  page->nicsim_mem[14] = (unsigned char)(in[2] >> 8);
  page->nicsim_mem[15] = (unsigned char)in[2];
  struct sk_buff *skb = &nicsim_skbs[0];
  memset(skb, 0, sizeof *skb);
  skb->head = skb->data = page->nicsim_mem;
  skb->len = (unsigned int)in[1];
  fec_enet_rx_vlan(&nicsim_ndev, skb);
  OUTU("len", skb->len);
  OUT("data", skb->data - skb->head);
  OUT("vlan_present", skb->nicsim_vlan_present);
  OUT("vlan_tci", skb->vlan_tci);
}
