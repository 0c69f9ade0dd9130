// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2-lines: AF_TIPC ;; strace 6.1 prints AF_TIPC addresses as raw sa_data
/*
 * Socket addresses of the less common families through connect(2) (each call fails with
 * EBADF): AF_PACKET (a hardware address running past sll_addr), AF_IPX, AF_X25 (an address
 * without its NUL), AF_AX25 (digipeaters, one not valid text, fewer than sax25_ndigis says),
 * AF_BLUETOOTH (HCI, SCO, RFCOMM, L2CAP by length), AF_RXRPC over IPv4 and over an unknown
 * transport, AF_ALG, AF_NFC (the short and the LLCP form), AF_VSOCK, AF_QIPCRTR, AF_XDP (its
 * shared umem descriptor, a path with -y), AF_MCTP, AF_IEEE802154 and AF_TIPC.  Bytes print as
 * strace's "%#02x": 0x1, and 00 for zero.  Run with -a0 -y -e trace=connect.
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <linux/if_alg.h>
#include <linux/if_packet.h>
#include <linux/if_xdp.h>
#include <linux/mctp.h>
#include <linux/qrtr.h>
#include <linux/rxrpc.h>
#include <linux/vm_sockets.h>
#include <linux/x25.h>
#include <netax25/ax25.h>
#include <netinet/in.h>
#include <netipx/ipx.h>
#include <sys/socket.h>

#include "tests.h"

#define EBADF_ "-1 EBADF (Bad file descriptor)"

static void call(const void *sa, int len)
{
	syscall(__NR_connect, -1, sa, len);
}

/* An AX.25 callsign: each character shifted left, the SSID in bits 1-4 of the last byte. */
static void ax25(ax25_address *a, const char *call6, int ssid)
{
	for (int i = 0; i < 6; i++)
		a->ax25_call[i] = (char)(call6[i] << 1);
	a->ax25_call[6] = (char)(ssid << 1);
}

int main(void)
{
	union {
		struct sockaddr_storage st;
		unsigned char b[128];
	} u;

	struct sockaddr_ll ll = { .sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_IP),
				  .sll_ifindex = 0, .sll_hatype = 1, .sll_pkttype = 4,
				  .sll_halen = 10 };
	memcpy(ll.sll_addr, "\x01\x02\x03\x04\x05\x06\x07\x08", 8);
	call(&ll, sizeof(ll));
	printf("connect(-1, {sa_family=AF_PACKET, sll_protocol=htons(ETH_P_IP), sll_ifindex=0, "
	       "sll_hatype=ARPHRD_ETHER, sll_pkttype=PACKET_OUTGOING, sll_halen=10, sll_addr=[0x1, "
	       "0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, ...]}, 20) = " EBADF_ "\n");
	ll.sll_halen = 6;
	call(&ll, sizeof(ll) - 4);
	printf("connect(-1, {sa_family=AF_PACKET, sa_data=\"\\10\\0\\0\\0\\0\\0\\1\\0\\4\\6\\1\\2\\3"
	       "\\4\"}, 16) = " EBADF_ "\n");

	struct sockaddr_ipx ipx = { .sipx_family = AF_IPX, .sipx_port = htons(7),
				    .sipx_network = htonl(0xabc), .sipx_type = 4 };
	memcpy(ipx.sipx_node, "\x00\x11\x22\x33\x44\x55", 6);
	call(&ipx, sizeof(ipx));
	printf("connect(-1, {sa_family=AF_IPX, sipx_port=htons(7), sipx_network=htonl(0xabc), "
	       "sipx_node=[00, 0x11, 0x22, 0x33, 0x44, 0x55], sipx_type=0x4}, 16) = " EBADF_
	       "\n");

	struct sockaddr_x25 x25 = { .sx25_family = AF_X25 };
	memcpy(x25.sx25_addr.x25_addr, "0123456789abcdef", 16);
	call(&x25, sizeof(x25));
	printf("connect(-1, {sa_family=AF_X25, sx25_addr={x25_addr=\"0123456789abcde\"...}}, 18) = "
	       EBADF_ "\n");
	strcpy(x25.sx25_addr.x25_addr, "42");
	call(&x25, sizeof(x25));
	printf("connect(-1, {sa_family=AF_X25, sx25_addr={x25_addr=\"42\"}}, 18) = " EBADF_ "\n");

	struct full_sockaddr_ax25 fax = { .fsa_ax25 = { .sax25_family = AF_AX25 } };
	ax25(&fax.fsa_ax25.sax25_call, "N0CALL", 3);
	call(&fax, sizeof(struct sockaddr_ax25));
	printf("connect(-1, {sa_family=AF_AX25, sax25_call=N0CALL-3, sax25_ndigis=0}, 16) = "
	       EBADF_ "\n");
	fax.fsa_ax25.sax25_ndigis = 3;
	ax25(&fax.fsa_digipeater[0], "DIGI  ", 12);
	ax25(&fax.fsa_digipeater[1], "ab    ", 0);
	call(&fax, sizeof(struct sockaddr_ax25) + 2 * sizeof(ax25_address));
	printf("connect(-1, {sa_family=AF_AX25, fsa_ax25={sax25_call=N0CALL-3, sax25_ndigis=3}, "
	       "fsa_digipeater=[DIGI-12, {ax25_call=\"\\xc2\\xc4\\x40\\x40\\x40\\x40\\x00\"} /* ab-0 */"
	       ", ...]}, 30) = " EBADF_ "\n");

	struct sockaddr_rxrpc rx = { .srx_family = AF_RXRPC, .srx_service = 1,
				     .transport_type = SOCK_DGRAM,
				     .transport_len = sizeof(struct sockaddr_in) };
	rx.transport.sin.sin_family = AF_INET;
	rx.transport.sin.sin_port = htons(7001);
	rx.transport.sin.sin_addr.s_addr = htonl(0x7f000001);
	call(&rx, sizeof(rx));
	printf("connect(-1, {sa_family=AF_RXRPC, srx_service=0x1 /* CM_SERVICE */, "
	       "transport_type=SOCK_DGRAM, transport_len=16, transport={sin={sin_family=AF_INET, "
	       "sin_port=htons(7001), sin_addr=inet_addr(\"127.0.0.1\")}}}, %zu) = " EBADF_ "\n",
	       sizeof(rx));
	memset(&rx.transport, 0, sizeof(rx.transport));
	rx.transport.family = 77;
	rx.srx_service = 9;
	rx.transport_len = 4;
	call(&rx, sizeof(rx));
	printf("connect(-1, {sa_family=AF_RXRPC, srx_service=0x9 /* ???_SERVICE */, "
	       "transport_type=SOCK_DGRAM, transport_len=4, transport={family=0x4d /* AF_??? */, "
	       "\"\\0\\0\"}}, %zu) = " EBADF_ "\n", sizeof(rx));

	memset(&u, 0, sizeof(u));
	struct sockaddr_alg *alg = (struct sockaddr_alg *)&u;
	alg->salg_family = AF_ALG;
	strcpy((char *)alg->salg_type, "hash");
	alg->salg_feat = 0x1000;
	strcpy((char *)alg->salg_name, "sha256");
	call(alg, sizeof(*alg));
	printf("connect(-1, {sa_family=AF_ALG, salg_type=\"hash\", salg_feat=0x1000 /* "
	       "CRYPTO_ALG_KERN_DRIVER_ONLY */, salg_mask=0, salg_name=\"sha256\"}, %zu) = " EBADF_
	       "\n", sizeof(*alg));

	memset(&u, 0, sizeof(u));
	/* struct sockaddr_nfc: family, (pad), dev_idx, target_idx, nfc_protocol */
	uint32_t nfc[4] = { AF_NFC, 0, 0x17, 5 };
	memcpy(u.b, nfc, sizeof(nfc));
	call(&u, 16);
	printf("connect(-1, {sa_family=AF_NFC, dev_idx=0, target_idx=0x17, "
	       "nfc_protocol=NFC_PROTO_NFC_DEP}, 16) = " EBADF_ "\n");
	u.b[16] = 1;  /* dsap */
	u.b[17] = 0x20;  /* ssap */
	memcpy(u.b + 18, "urn:x", 5);
	u.b[88] = 5;  /* service_name_len, a 64-bit field at offset 88 */
	call(&u, 96);
	printf("connect(-1, {sa_family=AF_NFC, dev_idx=0, target_idx=0x17, "
	       "nfc_protocol=NFC_PROTO_NFC_DEP, dsap=0x1 /* LLCP_SAP_SDP */, ssap=0x20, "
	       "service_name=\"urn:x\", service_name_len=5}, 96) = " EBADF_ "\n");

	struct sockaddr_vm vm = { .svm_family = AF_VSOCK, .svm_port = 1024,
				  .svm_cid = VMADDR_CID_HOST, .svm_flags = VMADDR_FLAG_TO_HOST };
	call(&vm, sizeof(vm));
	printf("connect(-1, {sa_family=AF_VSOCK, svm_cid=VMADDR_CID_HOST, svm_port=0x400, "
	       "svm_flags=VMADDR_FLAG_TO_HOST}, 16) = " EBADF_ "\n");

	struct sockaddr_qrtr qr = { .sq_family = AF_QIPCRTR, .sq_node = 3,
				    .sq_port = QRTR_PORT_CTRL };
	call(&qr, sizeof(qr));
	printf("connect(-1, {sa_family=AF_QIPCRTR, sq_node=0x3, sq_port=QRTR_PORT_CTRL}, 12) = "
	       EBADF_ "\n");

	int nul = open("/dev/null", O_RDONLY);
	struct sockaddr_xdp xdp = { .sxdp_family = AF_XDP, .sxdp_flags = XDP_SHARED_UMEM,
				    .sxdp_queue_id = 2, .sxdp_shared_umem_fd = (unsigned)nul };
	call(&xdp, sizeof(xdp));
	printf("connect(-1, {sa_family=AF_XDP, sxdp_flags=XDP_SHARED_UMEM, sxdp_ifindex=0, "
	       "sxdp_queue_id=2, sxdp_shared_umem_fd=%d</dev/null>}, 16) = " EBADF_ "\n", nul);
	xdp.sxdp_flags = XDP_COPY;
	call(&xdp, sizeof(xdp));
	printf("connect(-1, {sa_family=AF_XDP, sxdp_flags=XDP_COPY, sxdp_ifindex=0, "
	       "sxdp_queue_id=2, sxdp_shared_umem_fd=%#x}, 16) = " EBADF_ "\n", nul);

	struct sockaddr_mctp mc = { .smctp_family = AF_MCTP, .smctp_network = 1,
				    .smctp_addr = { MCTP_ADDR_ANY }, .smctp_type = 5,
				    .smctp_tag = 8 };
	call(&mc, sizeof(mc));
	printf("connect(-1, {sa_family=AF_MCTP, smctp_network=0x1, smctp_addr={s_addr="
	       "MCTP_ADDR_ANY}, smctp_type=0x5, smctp_tag=0x8}, 12) = " EBADF_ "\n");

	/* struct sockaddr_tipc: u8 addrtype, s8 scope (negative: "-" and the name), the union */
	struct { uint16_t family; uint8_t addrtype; int8_t scope; uint32_t a[3]; } tipc =
		{ AF_TIPC, 2, -3, { 42, 7, 0xfeedbabe } };
	call(&tipc, sizeof(tipc));
	printf("connect(-1, {sa_family=AF_TIPC, addrtype=TIPC_SERVICE_ADDR, "
	       "scope=-TIPC_NODE_SCOPE, addr={name={name={type=42, instance=7}, "
	       "domain=0xfeedbabe}}}, 16) = " EBADF_ "\n");
	tipc.addrtype = 3;
	tipc.scope = 2;
	call(&tipc, sizeof(tipc));
	printf("connect(-1, {sa_family=AF_TIPC, addrtype=TIPC_SOCKET_ADDR, "
	       "scope=TIPC_CLUSTER_SCOPE, addr={id={ref=42, node=0x7}}}, 16) = " EBADF_ "\n");
	tipc.addrtype = 9;
	tipc.scope = 0;
	call(&tipc, sizeof(tipc));
	printf("connect(-1, {sa_family=AF_TIPC, addrtype=0x9 /* TIPC_??? */, "
	       "scope=0 /* TIPC_???_SCOPE */, addr=\"*\\0\\0\\0\\7\\0\\0\\0\\276\\272\\355\\376\"}, "
	       "16) = " EBADF_ "\n");

	/* struct sockaddr_ieee802154: family, (pad), int addr_type, u16 pan_id, then the address */
	memset(&u, 0, sizeof(u));
	u.b[0] = AF_IEEE802154;
	u.b[4] = 3;  /* IEEE802154_ADDR_LONG */
	u.b[8] = 0x34;
	u.b[9] = 0x12;
	memcpy(u.b + 10, "\x01\x23\x45\x67\x89\xab\xcd\xef", 8);
	call(&u, 20);
	printf("connect(-1, {sa_family=AF_IEEE802154, addr={addr_type=0x3 /* IEEE802154_ADDR_LONG "
	       "*/, pan_id=0x1234, hwaddr=01:23:45:67:89:ab:cd:ef}}, 20) = " EBADF_ "\n");
	u.b[4] = 2;  /* IEEE802154_ADDR_SHORT */
	u.b[10] = 0xff;
	u.b[11] = 0xff;
	call(&u, 20);
	printf("connect(-1, {sa_family=AF_IEEE802154, addr={addr_type=0x2 /* IEEE802154_ADDR_SHORT "
	       "*/, pan_id=0x1234, short_addr=0xffff /* IEEE802154_ADDR_BROADCAST */}}, 20) = "
	       EBADF_ "\n");

	/* AF_BLUETOOTH: the struct is told by the length (HCI, SCO, RFCOMM, L2CAP, or raw) */
	memset(&u, 0, sizeof(u));
	u.b[0] = AF_BLUETOOTH;
	u.b[2] = 1;  /* hci_dev */
	u.b[4] = 3;  /* hci_channel */
	call(&u, 6);
	printf("connect(-1, {sa_family=AF_BLUETOOTH, hci_dev=htobs(1), "
	       "hci_channel=HCI_CHANNEL_CONTROL}, 6) = " EBADF_ "\n");
	memcpy(u.b + 2, "\x11\x22\x33\x44\x55\x66\x07", 7);
	call(&u, 8);
	printf("connect(-1, {sa_family=AF_BLUETOOTH, sco_bdaddr=11:22:33:44:55:66}, 8) = " EBADF_
	       "\n");
	call(&u, 10);
	printf("connect(-1, {sa_family=AF_BLUETOOTH, rc_bdaddr=11:22:33:44:55:66, rc_channel=7}, "
	       "10) = " EBADF_ "\n");
	memset(u.b + 2, 0, 16);
	u.b[2] = 0x06;  /* l2_psm 0x1006, little endian */
	u.b[3] = 0x10;
	u.b[4] = 0xaa;  /* l2_bdaddr */
	u.b[10] = 4;  /* l2_cid: L2CAP_CID_ATT */
	u.b[12] = 1;  /* l2_bdaddr_type */
	call(&u, 14);
	printf("connect(-1, {sa_family=AF_BLUETOOTH, l2_psm=htobs(L2CAP_PSM_DYN_START+5), "
	       "l2_bdaddr=aa:00:00:00:00:00, l2_cid=htobs(L2CAP_CID_ATT), "
	       "l2_bdaddr_type=BDADDR_LE_PUBLIC}, 14) = " EBADF_ "\n");
	u.b[2] = 0x50;  /* no name: a comment */
	u.b[3] = 0;
	u.b[10] = 0x30;
	call(&u, 12);
	printf("connect(-1, {sa_family=AF_BLUETOOTH, l2_psm=htobs(0x50 /* L2CAP_PSM_??? */), "
	       "l2_bdaddr=aa:00:00:00:00:00, l2_cid=htobs(0x30 /* L2CAP_CID_??? */)}, 12) = "
	       EBADF_ "\n");
	call(&u, 7);
	printf("connect(-1, {sa_family=AF_BLUETOOTH, sa_data=\"P\\0\\252\\0\\0\"}, 7) = "
	       EBADF_ "\n");

	printf("+++ exited with 0 +++\n");
	return 0;
}
