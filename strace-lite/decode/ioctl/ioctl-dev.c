// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), small device families: inotify ('I': INOTIFY_IOC_SETNEXTWD), the random device
 * ('R'), watchdogs ('W': WDIOC_GETSUPPORT's info and WDIOC_SETOPTIONS' flags too), counter devices ('>': COUNTER_*_IOCTL), namespace descriptors
 * (0xb7: NS_GET_*), network block devices (0xab: NBD_*) and infrared remotes ('i': LIRC_*).
 */
#include <inttypes.h>
#include <stddef.h>
#include <linux/counter.h>
#include <linux/lirc.h>
#include <linux/nbd.h>
#include <linux/nsfs.h>
#include <linux/random.h>
#include <linux/watchdog.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/util-print.h"

#define INOTIFY_IOC_SETNEXTWD_ _IOW('I', 0, int)

IOCTL_FAMILY(inotify)
{
	if (code != INOTIFY_IOC_SETNEXTWD_)
		return RVAL_DECODED;
	return ARG_DECODED(c, tprintf(c, "%d", (int)arg));
}

IOCTL_FAMILY(random)
{
	struct rand_pool_info info;

	switch (code) {
	case RNDGETENTCNT:
		if (entering(c))
			return 0;
		/* fall through */
	case RNDADDTOENTCNT:
		return ARG_DECODED(c, printnum_int(c, arg, "%d"));
	case RNDADDENTROPY:
		if (!ioctl_struct_begin(c, arg, &info))
			return IOCTL_DECODED;
		FLD_D(c, info, entropy_count);
		NEXT_D(c, info, buf_size);
		tprint_next_field(c, "buf");
		printstrn(c, arg + offsetof(struct rand_pool_info, buf), (unsigned int)info.buf_size);
		return ioctl_struct_done(c);
	case RNDZAPENTCNT:
	case RNDCLEARPOOL:
	case RNDRESEEDCRNG:
		return IOCTL_DECODED;
	default:
		return RVAL_DECODED;
	}
}

/* WDIOC_GETSUPPORT's struct watchdog_info, at exit; its version and identity under -v. */
static int print_watchdog_info(struct dctx *c, uint64_t arg)
{
	struct watchdog_info w;

	if (!ioctl_struct_begin(c, arg, &w))
		return IOCTL_DECODED;
	FLD_FLAGS(c, w, options, xlat_watchdog_ioctl_flags, "WDIOF_???");
	tprint_struct_next(c);
	if (!dopts.verbose) {
		tprint_more_data_follows(c);
	} else {
		FLD_X(c, w, firmware_version);
		NEXT_CSTR(c, w, identity);
	}
	return ioctl_struct_done(c);
}

IOCTL_FAMILY(watchdog)
{
	switch (code) {
	case WDIOC_GETSTATUS:
	case WDIOC_GETBOOTSTATUS:
	case WDIOC_GETTEMP:
	case WDIOC_GETTIMEOUT:
	case WDIOC_GETPRETIMEOUT:
	case WDIOC_GETTIMELEFT:
		if (entering(c))
			return 0;
		/* fall through */
	case WDIOC_SETTIMEOUT:
	case WDIOC_SETPRETIMEOUT:
		return ARG_DECODED(c, printnum_int(c, arg, "%d"));
	case WDIOC_KEEPALIVE: /* takes an int the kernel ignores */
		return IOCTL_DECODED;
	case WDIOC_GETSUPPORT:
		if (entering(c))
			return 0;
		return print_watchdog_info(c, arg);
	case WDIOC_SETOPTIONS:
		return ARG_DECODED(c, print_u32_ref(c, arg, xlat_watchdog_ioctl_setoptions, true,
						    "WDIOS_???"));
	default:
		return RVAL_DECODED;
	}
}

static void print_counter_watch(struct dctx *c, uint64_t addr)
{
	struct counter_watch w;

	if (umove_or_printaddr(c, addr, &w))
		return;
	tprint_struct_begin(c);
	tprint_field(c, "component");
	tprint_struct_begin(c);
	FLD_XVAL(c, w.component, type, xlat_counter_ioctl_component_types,
		 "COUNTER_COMPONENT_???");
	NEXT_XVAL(c, w.component, scope, xlat_counter_ioctl_scopes, "COUNTER_SCOPE_???");
	NEXT_U(c, w.component, parent);
	NEXT_U(c, w.component, id);
	tprint_struct_end(c);
	NEXT_XVAL(c, w, event, xlat_counter_ioctl_event_types, "COUNTER_EVENT_???");
	NEXT_U(c, w, channel);
	tprint_struct_end(c);
}

IOCTL_FAMILY(counter)
{
	switch (code) {
	case COUNTER_ADD_WATCH_IOCTL:
		return ARG_DECODED(c, print_counter_watch(c, arg));
	case COUNTER_ENABLE_EVENTS_IOCTL:
	case COUNTER_DISABLE_EVENTS_IOCTL:
		return IOCTL_DECODED;
	default:
		return RVAL_DECODED;
	}
}

/* Linux 6.7-6.12 nsfs requests: not in the 6.1 headers. */
struct mnt_ns_info_ {
	uint32_t size;
	uint32_t nr_mounts;
	uint64_t mnt_ns_id;
};
#define NS_GET_MNTNS_ID_ _IOR(NSIO, 5, uint64_t)
#define NS_GET_PID_FROM_PIDNS_ _IOR(NSIO, 6, int)
#define NS_GET_TGID_FROM_PIDNS_ _IOR(NSIO, 7, int)
#define NS_GET_PID_IN_PIDNS_ _IOR(NSIO, 8, int)
#define NS_GET_TGID_IN_PIDNS_ _IOR(NSIO, 9, int)
#define NS_MNT_GET_INFO_NR 10
#define NS_MNT_GET_NEXT_NR 11
#define NS_MNT_GET_PREV_NR 12

/* NS_MNT_GET_{INFO,NEXT,PREV} of any size from the first published struct's (16) on. */
static int decode_mnt_ns_get(struct dctx *c, unsigned int code, uint64_t arg)
{
	struct mnt_ns_info_ in;
	int fd = IOC_NR(code) == NS_MNT_GET_INFO_NR ? 0 : RVAL_KIND(RK_FD);

	if (IOC_SIZE(code) < sizeof(in))
		return RVAL_DECODED;
	if (entering(c))
		return 0;
	if (!ioctl_struct_begin(c, arg, &in))
		return IOCTL_DECODED | fd;
	FLD_U(c, in, size);
	NEXT_U(c, in, nr_mounts);
	NEXT_X(c, in, mnt_ns_id);
	return ioctl_struct_done(c) | fd;
}

IOCTL_FAMILY(nsfs)
{
	unsigned int uid;

	switch (code) {
	case NS_GET_USERNS:
	case NS_GET_PARENT:
		return IOCTL_DECODED | RVAL_KIND(RK_FD);
	case NS_GET_NSTYPE:
		if (entering(c))
			return 0;
		if (!syserror(c)) {
			c->auxstr = NULL;
			for (const struct xlat *x = xlat_setns_types; x->str; x++)
				if (x->val == (uint64_t)c->rval)
					c->auxstr = x->str;
		}
		return IOCTL_DECODED | RVAL_STR;
	case NS_GET_OWNER_UID:
		if (entering(c))
			return 0;
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &uid))
			tprintf(c, uid == (unsigned int)-1 ? "[%d]" : "[%u]", uid);
		return IOCTL_DECODED;
	case NS_GET_MNTNS_ID_:
		if (entering(c))
			return 0;
		return ARG_DECODED(c, printnum_int64(c, arg, "%#" PRIx64));
	/* The argument is a pid in the namespace of the descriptor (_FROM_) or in the caller's
	 * (_IN_), the result the other one: the caller's is translated under --decode-pids=pidns. */
	case NS_GET_PID_FROM_PIDNS_:
		return ARG_DECODED(c, tprintf(c, "%d", (int)arg)) | RVAL_KIND(RK_TID);
	case NS_GET_TGID_FROM_PIDNS_:
		return ARG_DECODED(c, tprintf(c, "%d", (int)arg)) | RVAL_KIND(RK_TGID);
	case NS_GET_PID_IN_PIDNS_:
		return ARG_DECODED(c, printpid(c, (int)arg, PT_TID));
	case NS_GET_TGID_IN_PIDNS_:
		return ARG_DECODED(c, printpid(c, (int)arg, PT_TGID));
	}
	switch (IOC_NR(code)) {
	case NS_MNT_GET_INFO_NR:
	case NS_MNT_GET_NEXT_NR:
	case NS_MNT_GET_PREV_NR:
		return decode_mnt_ns_get(c, code, arg);
	default:
		return RVAL_DECODED;
	}
}

IOCTL_FAMILY(nbd)
{
	switch (code) {
	case NBD_DISCONNECT:
	case NBD_CLEAR_SOCK:
	case NBD_DO_IT:
	case NBD_CLEAR_QUE:
	case NBD_PRINT_DEBUG:
		return IOCTL_DECODED;
	case NBD_SET_SOCK:
		return ARG_DECODED(c, printfd(c, (int)arg));
	case NBD_SET_BLKSIZE:
	case NBD_SET_SIZE:
	case NBD_SET_SIZE_BLOCKS:
	case NBD_SET_TIMEOUT:
		return ARG_DECODED(c, tprintf(c, "%llu", (unsigned long long)arg));
	case NBD_SET_FLAGS:
		return ARG_DECODED(c, printflags(c, xlat_nbd_ioctl_flags, arg, "NBD_IOC_FLAG_???"));
	default:
		return RVAL_DECODED;
	}
}

IOCTL_FAMILY(lirc)
{
	unsigned int v;

	switch (code) {
	case LIRC_GET_FEATURES:
	case LIRC_GET_SEND_MODE:
	case LIRC_GET_REC_MODE:
	case LIRC_GET_REC_RESOLUTION:
	case LIRC_GET_MIN_TIMEOUT:
	case LIRC_GET_MAX_TIMEOUT:
	case LIRC_GET_LENGTH:
	case LIRC_SET_SEND_MODE:
	case LIRC_SET_REC_MODE:
	case LIRC_SET_SEND_CARRIER:
	case LIRC_SET_REC_CARRIER:
	case LIRC_SET_SEND_DUTY_CYCLE:
	case LIRC_SET_TRANSMITTER_MASK:
	case LIRC_SET_REC_TIMEOUT:
	case LIRC_SET_REC_TIMEOUT_REPORTS:
	case LIRC_SET_MEASURE_CARRIER_MODE:
	case LIRC_SET_REC_CARRIER_RANGE:
	case LIRC_SET_WIDEBAND_RECEIVER:
	case LIRC_GET_REC_TIMEOUT:
		break;
	default:
		return RVAL_DECODED;
	}
	if (entering(c)) {
		tprint_arg_next(c);
		if (IOC_DIR(code) == 2 /* _IOC_READ */)
			return 0;
	}
	if (umove_or_printaddr(c, arg, &v))
		return IOCTL_DECODED;
	tprints(c, "[");
	switch (code) {
	case LIRC_GET_FEATURES:
		printflags(c, xlat_lirc_features, v, "LIRC_CAN_???");
		break;
	case LIRC_GET_SEND_MODE:
	case LIRC_GET_REC_MODE:
	case LIRC_SET_SEND_MODE:
	case LIRC_SET_REC_MODE:
		printxval(c, xlat_lirc_modes, v, "LIRC_MODE_???");
		break;
	case LIRC_SET_TRANSMITTER_MASK:
		ioctl_print_x(c, v);
		break;
	default:
		tprintf(c, "%u", v);
		break;
	}
	return DECODED(tprints(c, "]"));
}
