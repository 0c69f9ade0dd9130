// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_GENERIC payloads, as strace 7.2 prints them: struct genlmsghdr ({cmd=0x3,
 * version=1}, reserved only when set), then the attributes, untyped for a family we do not
 * know.  The controller ("nlctrl", found by the name the kernel gives its id) names its
 * commands and attributes: its families, their operations (an operation's id named by the
 * command table of the family that CTRL_ATTR_FAMILY_NAME named earlier in the same message,
 * the table of what is sent at a send's entry, of what is received otherwise), multicast
 * groups and policies.  The nests the controller uses as arrays print with their index as
 * the type.
 */
#include <stdint.h>
#include <string.h>
#include <linux/genetlink.h>

#include "strace-lite/decode/netlink/netlink-int.h"

/* Families whose command table nlctrl's CTRL_ATTR_OP_ID is named by (strace 7.2's list). */
static const struct {
	const char *name;
	const struct xlat *send, *recv;
	const char *dflt;
} op_families[] = {
	{ "nlctrl", xlat_genl_ctrl_cmd, xlat_genl_ctrl_cmd, "CTRL_CMD_???" },
	{ "devlink", xlat_genl_devlink_cmd, xlat_genl_devlink_cmd, "DEVLINK_CMD_???" },
	{ "ethtool", xlat_genl_ethtool_msg_send, xlat_genl_ethtool_msg_recv, "ETHTOOL_MSG_???" },
	{ "IOAM6", xlat_genl_ioam6_cmd, xlat_genl_ioam6_cmd, "IOAM6_CMD_???" },
	{ "mptcp_pm", xlat_genl_mptcp_pm_cmd, xlat_genl_mptcp_pm_cmd, "MPTCP_PM_CMD_???" },
	{ "netdev", xlat_genl_netdev_cmd, xlat_genl_netdev_cmd, "NETDEV_CMD_???" },
	{ "nl80211", xlat_genl_nl80211_cmd, xlat_genl_nl80211_cmd, "NL80211_CMD_???" },
	{ "SEG6", xlat_genl_seg6_cmd, xlat_genl_seg6_cmd, "SEG6_CMD_???" },
	{ "TASKSTATS", xlat_genl_taskstats_cmd, xlat_genl_taskstats_cmd, "TASKSTATS_CMD_???" },
	{ "tcp_metrics", xlat_genl_tcp_metrics_cmd, xlat_genl_tcp_metrics_cmd,
	  "TCP_METRICS_CMD_???" },
	{ "thermal", xlat_genl_thermal_cmd, xlat_genl_thermal_cmd, "THERMAL_GENL_CMD_???" },
};
#define N_OP_FAMILIES (sizeof(op_families) / sizeof(op_families[0]))

/* The walk's opaque: the index in op_families of the family the message names (0: nlctrl). */
static unsigned int *family_idx(const void *o)
{
	return (unsigned int *)(uintptr_t)o;
}

/* The name, as a string; and which family's commands the operations are. */
NLA_FN_HEAD(decode_family_name)
{
	char name[GENL_NAMSIZ];

	if (len <= sizeof(name) && umoven(c, addr, len, name) == 0)
		for (unsigned int i = 0; i < N_OP_FAMILIES; i++)
			if (!strncmp(name, op_families[i].name, len)) {
				*family_idx(o) = i;
				break;
			}
	return decode_nla_str(c, addr, len, NULL);
}

NLA_FN_HEAD(decode_op_id)
{
	unsigned int i = *family_idx(o) < N_OP_FAMILIES ? *family_idx(o) : 0;
	struct nla_xlat x = {
		.xlat = entering(c) ? op_families[i].send : op_families[i].recv,
		.dflt = op_families[i].dflt,
		.size = 4,
	};

	return decode_nla_xval(c, addr, len, &x);
}

NLA_XLAT_FN(decode_op_flags, decode_nla_flags, xlat_genl_ctrl_attr_op_flags, "GENL_???", 4,
	    false)

NLA_NEST_FN(decode_op, xlat_genl_ctrl_attr_op, "CTRL_ATTR_OP_???",
	    [CTRL_ATTR_OP_ID] = decode_op_id, [CTRL_ATTR_OP_FLAGS] = decode_op_flags)

NLA_NEST_FN(decode_mcast_grp, xlat_genl_ctrl_attr_mcast_grp, "CTRL_ATTR_MCAST_GRP_???",
	    [CTRL_ATTR_MCAST_GRP_NAME] = decode_nla_str, [CTRL_ATTR_MCAST_GRP_ID] = decode_nla_x32)

NLA_XLAT_FN(decode_policy_type, decode_nla_xval, xlat_nl_attr_type, "NL_ATTR_TYPE_???", 4,
	    false)

NLA_NEST_FN(decode_policy_attr, xlat_nl_policy_type_attr, "NL_POLICY_TYPE_ATTR_???",
	    [NL_POLICY_TYPE_ATTR_TYPE] = decode_policy_type,
	    [NL_POLICY_TYPE_ATTR_MIN_VALUE_S] = decode_nla_s64,
	    [NL_POLICY_TYPE_ATTR_MAX_VALUE_S] = decode_nla_s64,
	    [NL_POLICY_TYPE_ATTR_MIN_VALUE_U] = decode_nla_u64,
	    [NL_POLICY_TYPE_ATTR_MAX_VALUE_U] = decode_nla_u64,
	    [NL_POLICY_TYPE_ATTR_MIN_LENGTH] = decode_nla_u32,
	    [NL_POLICY_TYPE_ATTR_MAX_LENGTH] = decode_nla_u32,
	    [NL_POLICY_TYPE_ATTR_POLICY_IDX] = decode_nla_x32,
	    [NL_POLICY_TYPE_ATTR_POLICY_MAXTYPE] = decode_nla_x32,
	    [NL_POLICY_TYPE_ATTR_BITFIELD32_MASK] = decode_nla_x32,
	    [NL_POLICY_TYPE_ATTR_MASK] = decode_nla_x64)

NLA_NEST_FN(decode_op_policy_item, xlat_genl_ctrl_attr_policy, "CTRL_ATTR_POLICY_???",
	    [CTRL_ATTR_POLICY_DO] = decode_nla_u32, [CTRL_ATTR_POLICY_DUMP] = decode_nla_u32)

/* A nest used as an array: every element, whatever its type (its index), decoded by FN. */
#define NLA_ARRAY_NEST_FN(name, fn)                                                      \
	NLA_FN_HEAD(name)                                                                \
	{                                                                                \
		decode_nlattr_notype(c, addr, len, (fn), o);                             \
		return true;                                                             \
	}

NLA_ARRAY_NEST_FN(decode_ops, decode_op)
NLA_ARRAY_NEST_FN(decode_mcast_groups, decode_mcast_grp)
NLA_ARRAY_NEST_FN(decode_policy_item, decode_policy_attr)
NLA_ARRAY_NEST_FN(decode_policy, decode_policy_item)
NLA_ARRAY_NEST_FN(decode_op_policy, decode_op_policy_item)

static void decode_nlctrl(struct dctx *c, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[CTRL_ATTR_FAMILY_ID] = decode_nla_x16,
		[CTRL_ATTR_FAMILY_NAME] = decode_family_name,
		[CTRL_ATTR_VERSION] = decode_nla_u32,
		[CTRL_ATTR_HDRSIZE] = decode_nla_u32,
		[CTRL_ATTR_MAXATTR] = decode_nla_u32,
		[CTRL_ATTR_OPS] = decode_ops,
		[CTRL_ATTR_MCAST_GROUPS] = decode_mcast_groups,
		[CTRL_ATTR_POLICY] = decode_policy,
		[CTRL_ATTR_OP_POLICY] = decode_op_policy,
		[CTRL_ATTR_OP] = decode_nla_u32,
	};
	unsigned int idx = 0;

	decode_nlattr(c, addr, len, xlat_genl_ctrl_attr, "CTRL_ATTR_???", NLA_FNS(fns), &idx);
}

bool decode_netlink_generic(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			    unsigned int len)
{
	struct genlmsghdr g;
	const char *family;
	bool ctrl;

	if (len < GENL_HDRLEN || h->nlmsg_type == NLMSG_DONE)
		return false;
	if (umove_or_printaddr(c, addr, &g))
		return true;
	family = genl_family_name(h->nlmsg_type);
	ctrl = family && !strcmp(family, "nlctrl");
	tprints(c, "{cmd=");
	if (ctrl)
		printxval(c, xlat_genl_ctrl_cmd, g.cmd, "CTRL_CMD_???");
	else
		tprintf(c, g.cmd ? "%#x" : "0", g.cmd);
	tprintf(c, ", version=%u", g.version);
	if (g.reserved)
		tprintf(c, ", reserved=%#x", g.reserved);
	tprint_struct_end(c);
	if (len > GENL_HDRLEN) {
		tprint_array_next(c);
		if (ctrl)
			decode_nlctrl(c, addr + GENL_HDRLEN, len - GENL_HDRLEN);
		else
			decode_nlattr(c, addr + GENL_HDRLEN, len - GENL_HDRLEN, NULL, NULL, NULL,
				      0, NULL);
	}
	return true;
}
