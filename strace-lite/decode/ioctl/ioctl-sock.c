// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Socket ioctls (type 0x89: SIOC* and FIO*OWN) as strace 6.1 prints them: struct ifreq by
 * request (addresses as sockaddrs, hardware addresses, flags, index, mtu, names, the device
 * map), SIOCGIFCONF's struct ifconf with its array of ifreqs, the bridge requests, the ints of
 * the owner and the OOB mark; the requests whose argument strace does not decode as an address.
 */
#include <linux/if_arp.h>
#include <linux/sockios.h> /* linux/if_arp.h brings linux/if.h: struct ifreq, ifconf */
#include <stdio.h>
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>

#include "gen/xlat.h"
#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/net/sockaddr.h"

/* How many bytes of a hardware address of type ARPHRD are the address (strace's table). */
static unsigned int hwaddr_len(unsigned int arphrd)
{
	switch (arphrd) {
	case ARPHRD_NETROM: case ARPHRD_AX25: return 7;
	case ARPHRD_ETHER: case ARPHRD_IEEE802: case ARPHRD_LOOPBACK: case ARPHRD_FDDI:
	case ARPHRD_HIPPI: case ARPHRD_IEEE80211: case ARPHRD_IEEE80211_PRISM:
	case ARPHRD_IEEE80211_RADIOTAP: return 6;
	case ARPHRD_ARCNET: case ARPHRD_MCTP: case ARPHRD_LOCALTLK: case ARPHRD_PHONET:
	case ARPHRD_PHONET_PIPE: return 1;
	case ARPHRD_DLCI: return 2;
	case ARPHRD_IEEE1394: case ARPHRD_TUNNEL6: case ARPHRD_IP6GRE: return 16;
	case ARPHRD_EUI64: case ARPHRD_IEEE802154: case ARPHRD_IEEE802154_MONITOR:
	case ARPHRD_6LOWPAN: return 8;
	case ARPHRD_INFINIBAND: return 20;
	case ARPHRD_ROSE: return 5;
	case ARPHRD_TUNNEL: case ARPHRD_SIT: case ARPHRD_IPGRE: case ARPHRD_IRDA: return 4;
	case ARPHRD_SLIP: case ARPHRD_X25: case ARPHRD_CAN: case ARPHRD_PPP: case ARPHRD_RAWHDLC:
	case ARPHRD_RAWIP: case ARPHRD_IPDDP: case ARPHRD_PIMREG: case ARPHRD_CAIF:
	case ARPHRD_NETLINK: case ARPHRD_VSOCKMON: return 0;
	}
	return 255;
}

/* {sa_family=ARPHRD_ETHER, sa_data=00:11:22:33:44:55} */
static void print_ifr_hwaddr(struct dctx *c, const struct sockaddr *sa)
{
	enum xlat_style st = print_opts_get()->xstyle;
	unsigned int n = hwaddr_len(sa->sa_family);

	if (n > sizeof(sa->sa_data))
		n = sizeof(sa->sa_data);
	tprints(c, "{sa_family=");
	printxval(c, xlat_arp_hardware_types, sa->sa_family, "ARPHRD_???");
	tprints(c, ", sa_data=");
	if (st != XSTYLE_ABBREV)
		quote_string(c->sb, sa->sa_data, sizeof(sa->sa_data), QUOTE_FORCE_HEX);
	if (st == XSTYLE_RAW)
		return (void)tprints(c, "}");
	struct strbuf mac = { 0 };
	for (unsigned int i = 0; i < n; i++)
		sb_printf(&mac, "%s%02x", i ? ":" : "", (unsigned char)sa->sa_data[i]);
	if (st == XSTYLE_VERBOSE)
		print_comment(c->sb, sb_str(&mac));
	else
		tprints(c, sb_str(&mac));
	sb_free(&mac);
	tprints(c, "}");
}

static void print_ifr_sockaddr(struct dctx *c, const char *name, const struct sockaddr *sa)
{
	tprint_field(c, name);
	print_sockaddr(c, sa, (int)sizeof(*sa));
}

/* The field of the ifreq that CODE reads or writes. */
static void print_ifreq(struct dctx *c, unsigned int code, const struct ifreq *ifr)
{
	switch (code) {
	case SIOCSIFADDR: case SIOCGIFADDR:
		print_ifr_sockaddr(c, "ifr_addr", &ifr->ifr_addr);
		break;
	case SIOCSIFDSTADDR: case SIOCGIFDSTADDR:
		print_ifr_sockaddr(c, "ifr_dstaddr", &ifr->ifr_dstaddr);
		break;
	case SIOCSIFBRDADDR: case SIOCGIFBRDADDR:
		print_ifr_sockaddr(c, "ifr_broadaddr", &ifr->ifr_broadaddr);
		break;
	case SIOCSIFNETMASK: case SIOCGIFNETMASK:
		print_ifr_sockaddr(c, "ifr_netmask", &ifr->ifr_netmask);
		break;
	case SIOCADDMULTI: case SIOCDELMULTI: case SIOCGIFHWADDR: case SIOCSIFHWADDR:
	case SIOCSIFHWBROADCAST:
		tprint_field(c, "ifr_hwaddr");
		print_ifr_hwaddr(c, &ifr->ifr_hwaddr);
		break;
	case SIOCSIFFLAGS: case SIOCGIFFLAGS:
		FLD_FLAGS(c, *ifr, ifr_flags, xlat_iffflags, "IFF_???");
		break;
	case SIOCGIFINDEX:
		FLD_D(c, *ifr, ifr_ifindex);
		break;
	case SIOCSIFMETRIC: case SIOCGIFMETRIC:
		FLD_D(c, *ifr, ifr_metric);
		break;
	case SIOCSIFMTU: case SIOCGIFMTU:
		FLD_D(c, *ifr, ifr_mtu);
		break;
	case SIOCSIFSLAVE: case SIOCGIFSLAVE:
		FLD_CSTR(c, *ifr, ifr_slave);
		break;
	case SIOCSIFNAME:
		FLD_CSTR(c, *ifr, ifr_newname);
		break;
	case SIOCGIFNAME:
		FLD_CSTR(c, *ifr, ifr_name);
		break;
	case SIOCSIFTXQLEN: case SIOCGIFTXQLEN:
		FLD_D(c, *ifr, ifr_qlen);
		break;
	case SIOCSIFMAP: case SIOCGIFMAP:
		tprints(c, "ifr_map={");
		FLD_X(c, ifr->ifr_map, mem_start);
		tprints(c, ", ");
		FLD_X(c, ifr->ifr_map, mem_end);
		tprints(c, ", ");
		FLD_X(c, ifr->ifr_map, base_addr);
		tprints(c, ", ");
		FLD_X(c, ifr->ifr_map, irq);
		tprints(c, ", ");
		FLD_X(c, ifr->ifr_map, dma);
		tprints(c, ", ");
		FLD_X(c, ifr->ifr_map, port);
		tprints(c, "}");
		break;
	}
}

/* 80 /\* 2 * sizeof(struct ifreq) *\/ */
static void print_ifc_len(struct dctx *c, int len)
{
	unsigned int n = (unsigned int)len / sizeof(struct ifreq);

	tprintf(c, "%d", len);
	if (len > 0 && n * sizeof(struct ifreq) == (unsigned int)len) {
		char text[64];

		snprintf(text, sizeof(text), "%u * sizeof(struct ifreq)", n);
		print_comment(c->sb, text);
	}
}

static bool print_ifconf_ifreq(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	const struct ifreq *ifr = elem;

	tprints(c, "{ifr_name=");
	ioctl_print_cstring(c, ifr->ifr_name, sizeof(ifr->ifr_name));
	tprints(c, ", ");
	print_ifr_sockaddr(c, "ifr_addr", &ifr->ifr_addr);
	tprints(c, "}");
	return true;
}

/*
 * SIOCGIFCONF: with ifc_buf NULL the kernel says how long a buffer it needs in ifc_len, else
 * it fills ifc_buf and says how much of it.  priv: 1 when entry read the struct, its ifc_len
 * and ifc_buf.
 */
static int decode_ifconf(struct dctx *c, uint64_t arg)
{
	struct ifconf ifc;

	if (entering(c)) {
		c->priv[0] = 0;
		tprint_arg_next(c);
		if (umove(c, arg, &ifc))
			return DECODED(printaddr(c, arg));
		c->priv[0] = 1;
		c->priv[1] = (uint64_t)(int64_t)ifc.ifc_len;
		c->priv[2] = (uint64_t)(uintptr_t)ifc.ifc_buf;
		tprints(c, "{ifc_len=");
		if (ifc.ifc_buf)
			print_ifc_len(c, ifc.ifc_len);
		return 0;
	}
	if (!c->priv[0])
		return IOCTL_DECODED;
	int in_len = (int)(int64_t)c->priv[1];
	uint64_t in_buf = c->priv[2];

	if (umove(c, arg, &ifc)) {
		if (!in_buf)
			print_ifc_len(c, in_len);
		tprints(c, ", ifc_buf=");
		printaddr(c, in_buf);
		return DECODED(tprints(c, "}"));
	}
	if (in_buf && in_len != ifc.ifc_len)
		tprints(c, " => ");
	if (!in_buf || in_len != ifc.ifc_len)
		print_ifc_len(c, ifc.ifc_len);
	tprints(c, ", ifc_buf=");
	uint64_t out_buf = (uint64_t)(uintptr_t)ifc.ifc_buf;
	if (!in_buf || syserror(c)) {
		printaddr(c, in_buf);
		if (in_buf != out_buf) {
			tprints(c, " => ");
			printaddr(c, out_buf);
		}
	} else {
		struct ifreq ifr;

		print_array(c, out_buf, (unsigned int)ifc.ifc_len / sizeof(ifr), &ifr, sizeof(ifr), 0,
			    print_ifconf_ifreq, NULL);
	}
	return DECODED(tprints(c, "}"));
}

IOCTL_FAMILY(sock)
{
	struct ifreq ifr;

	switch (code) {
	case SIOCGIFCONF:
		return decode_ifconf(c, arg);
	case SIOCBRADDBR: case SIOCBRDELBR:
		tprint_arg_next(c);
		return DECODED(printstr_ex(c, arg, sizeof(ifr.ifr_name), QUOTE_0_TERMINATED));
	case FIOGETOWN: case SIOCATMARK: case SIOCGIFENCAP: case SIOCGPGRP: case SIOCOUTQNSD:
		if (entering(c))
			return 0;
		/* fall through */
	case FIOSETOWN: case SIOCSIFENCAP: case SIOCSPGRP:
		return ARG_DECODED(c, printnum_int(c, arg, "%d"));
	case SIOCBRADDIF: case SIOCBRDELIF:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &ifr)) {
			tprints(c, "{ifr_ifindex=");
			print_ifindex(c, (unsigned int)ifr.ifr_ifindex);
			tprints(c, "}");
		}
		return IOCTL_DECODED;
	case SIOCADDMULTI: case SIOCDELMULTI: case SIOCSIFADDR: case SIOCSIFBRDADDR:
	case SIOCSIFDSTADDR: case SIOCSIFFLAGS: case SIOCSIFHWADDR: case SIOCSIFHWBROADCAST:
	case SIOCSIFMAP: case SIOCSIFMETRIC: case SIOCSIFMTU: case SIOCSIFNAME:
	case SIOCSIFNETMASK: case SIOCSIFSLAVE: case SIOCSIFTXQLEN:
		tprint_arg_next(c);
		if (umove_or_printaddr(c, arg, &ifr))
			return IOCTL_DECODED;
		tprints(c, "{ifr_name=");
		ioctl_print_cstring(c, ifr.ifr_name, sizeof(ifr.ifr_name));
		tprints(c, ", ");
		print_ifreq(c, code, &ifr);
		return DECODED(tprints(c, "}"));
	case SIOCGIFADDR: case SIOCGIFBRDADDR: case SIOCGIFDSTADDR: case SIOCGIFFLAGS:
	case SIOCGIFHWADDR: case SIOCGIFINDEX: case SIOCGIFMAP: case SIOCGIFMETRIC:
	case SIOCGIFMTU: case SIOCGIFNAME: case SIOCGIFNETMASK: case SIOCGIFSLAVE:
	case SIOCGIFTXQLEN:
		if (entering(c)) {
			c->priv[0] = 0;
			tprint_arg_next(c);
			if (umove_or_printaddr(c, arg, &ifr))
				return IOCTL_DECODED;
			c->priv[0] = 1;
			if (code == SIOCGIFNAME) {
				tprintf(c, "{ifr_ifindex=%d", ifr.ifr_ifindex);
			} else {
				tprints(c, "{ifr_name=");
				ioctl_print_cstring(c, ifr.ifr_name, sizeof(ifr.ifr_name));
			}
			return 0;
		}
		if (!c->priv[0])
			return IOCTL_DECODED;
		if (!syserror(c) && !umove(c, arg, &ifr)) {
			tprints(c, ", ");
			print_ifreq(c, code, &ifr);
		}
		return DECODED(tprints(c, "}"));
	case SIOCADDDLCI: case SIOCADDRT: case SIOCBONDCHANGEACTIVE: case SIOCBONDENSLAVE:
	case SIOCBONDINFOQUERY: case SIOCBONDRELEASE: case SIOCBONDSETHWADDR:
	case SIOCBONDSLAVEINFOQUERY: case SIOCDARP: case SIOCDELDLCI: case SIOCDELRT:
	case SIOCDIFADDR: case SIOCDRARP: case SIOCETHTOOL: case SIOCGARP: case SIOCGHWTSTAMP:
	case SIOCGIFBR: case SIOCGIFCOUNT: case SIOCGIFMEM: case SIOCGIFPFLAGS: case SIOCGIFVLAN:
	case SIOCGMIIPHY: case SIOCGMIIREG: case SIOCGRARP: case SIOCGSKNS: case SIOCGSTAMP_OLD:
	case SIOCGSTAMP_NEW: case SIOCGSTAMPNS_OLD: case SIOCGSTAMPNS_NEW: case SIOCRTMSG:
	case SIOCSARP: case SIOCSHWTSTAMP: case SIOCSIFBR: case SIOCSIFLINK: case SIOCSIFMEM:
	case SIOCSIFPFLAGS: case SIOCSIFVLAN: case SIOCSMIIREG: case SIOCSRARP: case SIOCWANDEV:
		return ARG_DECODED(c, printaddr(c, arg));
	}
	return RVAL_DECODED;
}
