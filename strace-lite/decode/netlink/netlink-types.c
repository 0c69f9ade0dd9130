// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * How each netlink family names its message types and which NLM_F_* flags go with them:
 * a NEW message's flags are NLM_F_REPLACE and kin, a GET's NLM_F_DUMP and kin, a DEL's
 * NLM_F_NONREC and kin (the same bits mean different things by kind).  Netfilter's types are
 * a subsystem and a message, generic netlink's are the kernel's family ids, named by asking
 * the kernel once (CTRL_CMD_GETFAMILY), as strace does.
 */
#include <linux/cryptouser.h>
#include <linux/genetlink.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nf_tables_compat.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_acct.h>
#include <linux/netfilter/nfnetlink_conntrack.h>
#include <linux/netfilter/nfnetlink_cthelper.h>
#include <linux/netfilter/nfnetlink_cttimeout.h>
#include <linux/netfilter/nfnetlink_hook.h>
#include <linux/rtnetlink.h>
#include <linux/xfrm.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "strace-lite/decode/netlink/netlink-int.h"

const struct xlat *nl_route_flags(uint16_t type)
{
	/* RTM_DELACTION takes NLM_F_ROOT's kind; else the low two bits say NEW/DEL/GET. */
	if (type == RTM_DELACTION)
		return xlat_netlink_get_flags;
	switch (type & 3) {
	case 0: return xlat_netlink_new_flags;
	case 1: return xlat_netlink_delete_flags;
	case 2: return xlat_netlink_get_flags;
	}
	return NULL;
}

const struct xlat *nl_sock_diag_flags(uint16_t type)
{
	(void)type;
	return xlat_netlink_get_flags;
}

const struct xlat *nl_generic_flags(uint16_t type)
{
	(void)type;
	return xlat_netlink_get_flags;
}

const struct xlat *nl_xfrm_flags(uint16_t type)
{
	switch (type) {
	case XFRM_MSG_NEWSA: case XFRM_MSG_NEWPOLICY: case XFRM_MSG_NEWAE:
	case XFRM_MSG_NEWSADINFO: case XFRM_MSG_NEWSPDINFO:
		return xlat_netlink_new_flags;
	case XFRM_MSG_DELSA: case XFRM_MSG_DELPOLICY:
		return xlat_netlink_delete_flags;
	case XFRM_MSG_GETSA: case XFRM_MSG_GETPOLICY: case XFRM_MSG_GETAE:
	case XFRM_MSG_GETSADINFO: case XFRM_MSG_GETSPDINFO:
		return xlat_netlink_get_flags;
	}
	return NULL;
}

const struct xlat *nl_crypto_flags(uint16_t type)
{
	switch (type) {
	case CRYPTO_MSG_NEWALG: return xlat_netlink_new_flags;
	case CRYPTO_MSG_DELALG: case CRYPTO_MSG_DELRNG: return xlat_netlink_delete_flags;
	case CRYPTO_MSG_GETALG: return xlat_netlink_get_flags;
	}
	return NULL;
}

/* --- netfilter -------------------------------------------------------------------------- */

/* Each subsystem's messages by number: 'n' a NEW, 'g' a GET, 'd' a DEL kind, '-' none. */
static const char *const nf_kinds[] = {
	[NFNL_SUBSYS_CTNETLINK] = "ngdggggg",	 /* IPCTNL_MSG_CT_NEW .. GET_UNCONFIRMED */
	[NFNL_SUBSYS_CTNETLINK_EXP] = "ngdg",	 /* IPCTNL_MSG_EXP_NEW .. GET_STATS_CPU */
	[NFNL_SUBSYS_ACCT] = "nggd",		 /* NFNL_MSG_ACCT_NEW .. DEL */
	[NFNL_SUBSYS_CTNETLINK_TIMEOUT] = "ngd", /* IPCTNL_MSG_TIMEOUT_NEW .. DELETE */
	[NFNL_SUBSYS_CTHELPER] = "ngd",		 /* NFNL_MSG_CTHELPER_NEW .. DEL */
	/* NFT_MSG_NEWTABLE .. DELFLOWTABLE: NEW, GET, DEL of each object, NFT_MSG_TRACE (17) and
	 * NFT_MSG_GETOBJ_RESET (21) */
	[NFNL_SUBSYS_NFTABLES] = "ngdngdngdngdngdng-ngdgngd",
	[NFNL_SUBSYS_NFT_COMPAT] = "g",		 /* NFNL_MSG_COMPAT_GET */
	[NFNL_SUBSYS_HOOK] = "g",		 /* NFNL_MSG_HOOK_GET */
};
_Static_assert(IPCTNL_MSG_CT_GET_UNCONFIRMED == 7 && IPCTNL_MSG_EXP_GET_STATS_CPU == 3 &&
	       NFNL_MSG_ACCT_DEL == 3 && IPCTNL_MSG_TIMEOUT_DELETE == 2 &&
	       NFNL_MSG_CTHELPER_DEL == 2 && NFT_MSG_TRACE == 17 && NFT_MSG_GETOBJ_RESET == 21 &&
	       NFT_MSG_DELFLOWTABLE == 24 && NFNL_MSG_COMPAT_GET == 0 && NFNL_MSG_HOOK_GET == 0,
	       "the message numbers nf_kinds spells out");

const struct xlat *nl_netfilter_flags(uint16_t type)
{
	unsigned int subsys = type >> 8, msg = type & 0xff;
	const char *k = subsys < sizeof(nf_kinds) / sizeof(nf_kinds[0]) ? nf_kinds[subsys] : NULL;

	if (!k || msg >= strlen(k))
		return NULL;
	return k[msg] == 'n'   ? xlat_netlink_new_flags
	       : k[msg] == 'g' ? xlat_netlink_get_flags
	       : k[msg] == 'd' ? xlat_netlink_delete_flags
			       : NULL;
}

static const struct {
	const struct xlat *x;
	const char *dflt;
} nf_msgs[] = {
	[NFNL_SUBSYS_CTNETLINK] = { xlat_nf_ctnetlink_msg_types, "IPCTNL_MSG_CT_???" },
	[NFNL_SUBSYS_CTNETLINK_EXP] = { xlat_nf_ctnetlink_exp_msg_types, "IPCTNL_MSG_EXP_???" },
	[NFNL_SUBSYS_QUEUE] = { xlat_nf_queue_msg_types, "NFQNL_MSG_???" },
	[NFNL_SUBSYS_ULOG] = { xlat_nf_ulog_msg_types, "NFULNL_MSG_???" },
	[NFNL_SUBSYS_OSF] = { xlat_nf_osf_msg_types, "OSF_MSG_???" },
	[NFNL_SUBSYS_IPSET] = { xlat_nf_ipset_msg_types, "IPSET_CMD_???" },
	[NFNL_SUBSYS_ACCT] = { xlat_nf_acct_msg_types, "NFNL_MSG_ACCT_???" },
	[NFNL_SUBSYS_CTNETLINK_TIMEOUT] = { xlat_nf_cttimeout_msg_types,
					    "IPCTNL_MSG_TIMEOUT_???" },
	[NFNL_SUBSYS_CTHELPER] = { xlat_nf_cthelper_msg_types, "NFNL_MSG_CTHELPER_???" },
	[NFNL_SUBSYS_NFTABLES] = { xlat_nf_nftables_msg_types, "NFT_MSG_???" },
	[NFNL_SUBSYS_NFT_COMPAT] = { xlat_nf_nft_compat_msg_types, "NFNL_MSG_COMPAT_???" },
	[NFNL_SUBSYS_HOOK] = { xlat_nf_hook_msg_types, "NFT_MSG_HOOK_???" },
};

void print_nfnl_type(struct dctx *c, uint16_t type)
{
	const char *ctl = xlat_lookup(xlat_nl_netfilter_msg_types, type);
	unsigned int subsys = type >> 8, msg = type & 0xff;

	/* The batch markers are whole types of their own. */
	if (ctl) {
		print_xlat_named(c->sb, type, ctl);
		return;
	}
	printxval(c, xlat_nl_netfilter_subsys_ids, subsys, "NFNL_SUBSYS_???");
	tprints(c, "<<8|");
	if (subsys < sizeof(nf_msgs) / sizeof(nf_msgs[0]) && nf_msgs[subsys].x)
		printxval(c, nf_msgs[subsys].x, msg, nf_msgs[subsys].dflt);
	else
		tprintf(c, "%#x", msg);
}

/* --- generic netlink: the kernel's family names ------------------------------------------ */

#define GENL_MAX 256
static struct {
	uint16_t id;
	char name[GENL_NAMSIZ];
} genl[GENL_MAX];
static unsigned int ngenl;
static pthread_once_t genl_once = PTHREAD_ONCE_INIT;

/* Record the family of one CTRL_CMD_NEWFAMILY message's attributes (LEN bytes at P). */
static void genl_add(const unsigned char *p, size_t len)
{
	uint16_t id = 0;
	const char *name = NULL;
	size_t nlen = 0;

	while (len >= NLA_HDRLEN) {
		struct nlattr a;
		memcpy(&a, p, sizeof(a));
		if (a.nla_len < NLA_HDRLEN || a.nla_len > len)
			break;
		if (a.nla_type == CTRL_ATTR_FAMILY_ID && a.nla_len >= NLA_HDRLEN + 2)
			memcpy(&id, p + NLA_HDRLEN, 2);
		if (a.nla_type == CTRL_ATTR_FAMILY_NAME) {
			name = (const char *)p + NLA_HDRLEN;
			nlen = strnlen(name, a.nla_len - NLA_HDRLEN);
		}
		size_t step = NLA_ALIGN(a.nla_len);
		if (step >= len)
			break;
		p += step;
		len -= step;
	}
	if (!name || ngenl >= GENL_MAX || nlen >= GENL_NAMSIZ)
		return;
	genl[ngenl].id = id;
	memcpy(genl[ngenl].name, name, nlen);
	genl[ngenl].name[nlen] = '\0';
	ngenl++;
}

static void genl_load(void)
{
	struct {
		struct nlmsghdr h;
		struct genlmsghdr g;
	} req = {
		.h = { .nlmsg_len = sizeof(req), .nlmsg_type = GENL_ID_CTRL,
		       .nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP },
		.g = { .cmd = CTRL_CMD_GETFAMILY },
	};
	static unsigned char buf[16384] __attribute__((aligned(8)));
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);

	if (fd < 0)
		return;
	if (send(fd, &req, sizeof(req), 0) < 0)
		goto out;
	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		if (n <= 0)
			goto out;
		size_t left = (size_t)n;
		const unsigned char *p = buf;
		while (left >= NLMSG_HDRLEN) {
			struct nlmsghdr h;
			memcpy(&h, p, sizeof(h));
			if (h.nlmsg_len < NLMSG_HDRLEN || h.nlmsg_len > left)
				break;
			if (h.nlmsg_type == NLMSG_DONE || h.nlmsg_type == NLMSG_ERROR)
				goto out;
			if (h.nlmsg_len >= NLMSG_HDRLEN + GENL_HDRLEN)
				genl_add(p + NLMSG_HDRLEN + GENL_HDRLEN,
					 h.nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN);
			size_t step = NLMSG_ALIGN(h.nlmsg_len);
			if (step >= left)
				break;
			p += step;
			left -= step;
		}
	}
out:
	close(fd);
}

const char *genl_family_name(uint16_t type)
{
	pthread_once(&genl_once, genl_load);
	for (unsigned int i = 0; i < ngenl; i++)
		if (genl[i].id == type)
			return genl[i].name;
	return NULL;
}

void print_genl_family(struct dctx *c, uint16_t type)
{
	const char *name = genl_family_name(type);

	if (name)
		print_xlat_named(c->sb, type, name);
	else
		print_xval(c->sb, NULL, type, "GENERIC_FAMILY_???");
}
