// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 0xa4: TEE (trusted execution environment) requests, as strace prints them.
 * Sessions and invocations pass a struct tee_ioctl_buf_data pointing to the real argument
 * and its parameters; a buffer whose length does not match what it holds prints as its
 * length and address.  Shared memory requests print their sizes, flags and the id returned.
 */
#include <stddef.h>
#include <string.h>
#include <linux/tee.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"

/* Not in older headers (Linux 6.18's struct tee_ioctl_shm_register_fd_data, as strace 7.2). */
struct tee_shm_register_fd {
	int64_t fd;
	uint64_t size;
	uint32_t flags;
	int32_t id;
};
#define TEE_IOC_SHM_REGISTER_FD_ _IOWR(0xa4, 8, struct tee_shm_register_fd)
/* Parameter types newer than older headers: user buffers and object references. */
#define TEE_PARAM_UBUF_INPUT_ 8
#define TEE_PARAM_UBUF_OUTPUT_ 9
#define TEE_PARAM_UBUF_INOUT_ 10
#define TEE_PARAM_OBJREF_INPUT_ 11
#define TEE_PARAM_OBJREF_OUTPUT_ 12
#define TEE_PARAM_OBJREF_INOUT_ 13

static void print_buf(struct dctx *c, const struct tee_ioctl_buf_data *b)
{
	tprintf(c, "{buf_len=%llu, buf_ptr=", (unsigned long long)b->buf_len);
	printaddr(c, b->buf_ptr);
	tprint_struct_end(c);
}

/* The buffer at ARG and the SIZE-byte argument it points to; the parameters' address (0 for
 * none) in *PARAMS.  False when the buffer itself was printed (nothing more to say). */
static bool fetch_buf(struct dctx *c, uint64_t arg, struct tee_ioctl_buf_data *b, void *a,
		      size_t size, size_t num_off, uint64_t *params)
{
	uint32_t num;

	if (umove_or_printaddr(c, arg, b))
		return false;
	if (b->buf_len > TEE_MAX_ARG_SIZE || b->buf_len < size || umoven(c, b->buf_ptr, size, a)) {
		print_buf(c, b);
		return false;
	}
	memcpy(&num, (char *)a + num_off, sizeof(num));
	if (entering(c) && size + sizeof(struct tee_ioctl_param) * (uint64_t)num != b->buf_len) {
		print_buf(c, b);
		return false;
	}
	*params = num ? b->buf_ptr + size : 0;
	return true;
}

static bool print_param(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	const struct tee_ioctl_param *p = elem;

	tprints(c, "{attr=");
	printxval(c, xlat_tee_ioctl_param_attr_types, p->attr & ~TEE_IOCTL_PARAM_ATTR_META,
		  "TEE_IOCTL_PARAM_ATTR_");
	if (p->attr & TEE_IOCTL_PARAM_ATTR_META)
		tprints(c, "|TEE_IOCTL_PARAM_ATTR_META");
	switch (p->attr) {
	case TEE_IOCTL_PARAM_ATTR_TYPE_NONE:
		break;
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
		tprints(c, ", shm_offs=");
		ioctl_print_x(c, p->a);
		tprints(c, ", size=");
		ioctl_print_x(c, p->b);
		tprintf(c, ", shm_id=%llu", (unsigned long long)p->c);
		break;
	case TEE_PARAM_UBUF_INPUT_:
	case TEE_PARAM_UBUF_OUTPUT_:
	case TEE_PARAM_UBUF_INOUT_:
		tprints(c, ", buf=");
		ioctl_print_x(c, p->a);
		tprints(c, ", size=");
		ioctl_print_x(c, p->b);
		break;
	case TEE_PARAM_OBJREF_INPUT_:
	case TEE_PARAM_OBJREF_OUTPUT_:
	case TEE_PARAM_OBJREF_INOUT_:
		tprints(c, ", obj_id=");
		ioctl_print_x(c, p->a);
		tprints(c, ", flags=");
		ioctl_print_x(c, p->b);
		break;
	default:
		NEXT_X(c, *p, a);
		NEXT_X(c, *p, b);
		NEXT_X(c, *p, c);
		break;
	}
	tprint_struct_end(c);
	return true;
}

static void print_params(struct dctx *c, uint64_t start, unsigned int n)
{
	struct tee_ioctl_param p;

	tprints(c, ", params=");
	print_array(c, start, n, &p, sizeof(p), 0, print_param, NULL);
}

static int version(struct dctx *c, uint64_t arg)
{
	struct tee_ioctl_version_data v;

	if (ioctl_arg_at_exit(c, true))
		return 0;
	if (umove_or_printaddr(c, arg, &v))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	FLD_XVAL(c, v, impl_id, xlat_tee_ioctl_impl_ids, "TEE_IMPL_ID_???");
	NEXT_FLAGS(c, v, gen_caps, xlat_tee_ioctl_gen_caps, "TEE_GEN_CAP_???");
	tprint_struct_next(c);
	if (v.impl_id == TEE_IMPL_ID_OPTEE)
		FLD_FLAGS(c, v, impl_caps, xlat_tee_ioctl_optee_caps, "TEE_OPTEE_CAP_???");
	else
		FLD_X(c, v, impl_caps);
	return ioctl_struct_done(c);
}

static void print_uuid(struct dctx *c, const char *name, const uint8_t *u)
{
	tprintf(c, "%s=%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", name,
		u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12],
		u[13], u[14], u[15]);
}

static void print_login(struct dctx *c, const struct tee_ioctl_open_session_arg *s)
{
	uint32_t gid;

	NEXT_XVAL(c, *s, clnt_login, xlat_tee_ioctl_login_types, "TEE_IOCTL_LOGIN_???");
	switch (s->clnt_login) {
	case TEE_IOCTL_LOGIN_PUBLIC:
	case TEE_IOCTL_LOGIN_USER:
	case TEE_IOCTL_LOGIN_APPLICATION:
	case TEE_IOCTL_LOGIN_USER_APPLICATION:
		break;
	case TEE_IOCTL_LOGIN_GROUP:
	case TEE_IOCTL_LOGIN_GROUP_APPLICATION:
		memcpy(&gid, s->clnt_uuid, sizeof(gid));
		if (gid == (uint32_t)-1)
			tprints(c, ", clnt_uuid=-1");
		else
			tprintf(c, ", clnt_uuid=%u", gid);
		break;
	default:
		tprints(c, ", clnt_uuid=[");
		for (size_t i = 0; i < sizeof(s->clnt_uuid); i++) {
			if (i)
				tprint_array_next(c);
			ioctl_print_x(c, s->clnt_uuid[i]);
		}
		tprints(c, "]");
	}
}

static int open_session(struct dctx *c, uint64_t arg)
{
	struct tee_ioctl_buf_data b;
	struct tee_ioctl_open_session_arg s;
	uint64_t params;
	const size_t num_off = offsetof(struct tee_ioctl_open_session_arg, num_params);

	if (entering(c)) {
		tprint_arg_next(c);
		if (!fetch_buf(c, arg, &b, &s, sizeof(s), num_off, &params))
			return IOCTL_DECODED;
		tprintf(c, "{buf_len=%llu, buf_ptr={", (unsigned long long)b.buf_len);
		print_uuid(c, "uuid", s.uuid);
		print_login(c, &s);
		tprintf(c, ", cancel_id=%u, num_params=%u", s.cancel_id, s.num_params);
		print_params(c, params, s.num_params);
		tprint_struct_end(c);
		return 0;
	}
	if (syserror(c))
		return ioctl_struct_done(c);
	tprints(c, " => ");
	if (!fetch_buf(c, arg, &b, &s, sizeof(s), num_off, &params))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	FLD_X(c, s, session);
	tprintf(c, ", ret=%u, ", s.ret);
	FLD_XVAL(c, s, ret_origin, xlat_tee_ioctl_origins, "TEEC_ORIGIN_???");
	print_params(c, params, s.num_params);
	return DECODED(tprints(c, "}}"));
}

static int invoke(struct dctx *c, uint64_t arg)
{
	struct tee_ioctl_buf_data b;
	struct tee_ioctl_invoke_arg s;
	uint64_t params;
	const size_t num_off = offsetof(struct tee_ioctl_invoke_arg, num_params);

	if (entering(c)) {
		tprint_arg_next(c);
		if (!fetch_buf(c, arg, &b, &s, sizeof(s), num_off, &params))
			return IOCTL_DECODED;
		tprintf(c, "{buf_len=%llu, buf_ptr={func=%u, ", (unsigned long long)b.buf_len,
			s.func);
		FLD_X(c, s, session);
		tprintf(c, ", cancel_id=%u, num_params=%u", s.cancel_id, s.num_params);
		print_params(c, params, s.num_params);
		tprint_struct_end(c);
		return 0;
	}
	if (syserror(c))
		return ioctl_struct_done(c);
	tprints(c, " => ");
	if (!fetch_buf(c, arg, &b, &s, sizeof(s), num_off, &params))
		return IOCTL_DECODED;
	tprintf(c, "{ret=%u, ", s.ret);
	FLD_XVAL(c, s, ret_origin, xlat_tee_ioctl_origins, "TEEC_ORIGIN_???");
	print_params(c, params, s.num_params);
	return DECODED(tprints(c, "}}"));
}

/* TEE_IOC_SUPPL_RECV (SEND false) and TEE_IOC_SUPPL_SEND. */
static int suppl(struct dctx *c, uint64_t arg, bool send)
{
	struct tee_ioctl_buf_data b;
	union { struct tee_iocl_supp_recv_arg r; struct tee_iocl_supp_send_arg s; } u;
	size_t size = send ? sizeof(u.s) : sizeof(u.r);
	size_t num_off = send ? offsetof(struct tee_iocl_supp_send_arg, num_params) :
				offsetof(struct tee_iocl_supp_recv_arg, num_params);
	uint64_t params;
	uint32_t num;

	if (entering(c)) {
		tprint_arg_next(c);
		if (!fetch_buf(c, arg, &b, &u, size, num_off, &params))
			return IOCTL_DECODED;
		memcpy(&num, (char *)&u + num_off, sizeof(num));
		tprintf(c, "{buf_len=%llu, buf_ptr={", (unsigned long long)b.buf_len);
		if (!send)
			tprintf(c, "func=%u, ", u.r.func);
		tprintf(c, "num_params=%u", num);
		print_params(c, params, num);
		tprint_struct_end(c);
		return 0;
	}
	if (syserror(c))
		return ioctl_struct_done(c);
	tprints(c, " => ");
	if (!fetch_buf(c, arg, &b, &u, size, num_off, &params))
		return IOCTL_DECODED;
	memcpy(&num, (char *)&u + num_off, sizeof(num));
	if (send)
		tprintf(c, "{ret=%u", u.s.ret);
	else
		tprintf(c, "{num_params=%u", num);
	print_params(c, params, num);
	return DECODED(tprints(c, "}}"));
}

static int shm_alloc(struct dctx *c, uint64_t arg)
{
	struct tee_ioctl_shm_alloc_data s;

	if (!ioctl_inout_begin(c, arg, &s))
		return IOCTL_DECODED;
	FLD_X(c, s, size);
	NEXT_FLAGS(c, s, flags, xlat_tee_ioctl_shm_flags, "TEE_IOCTL_SHM_???");
	if (!entering(c))
		NEXT_D(c, s, id);
	tprint_struct_end(c);
	return entering(c) ? 0 : IOCTL_DECODED;
}

static int shm_register_fd(struct dctx *c, uint64_t arg)
{
	struct tee_shm_register_fd s;

	if (!ioctl_inout_begin(c, arg, &s))
		return IOCTL_DECODED;
	if (entering(c)) {
		tprints(c, "fd=");
		printfd(c, (int)s.fd);
		NEXT_FLAGS(c, s, flags, xlat_tee_ioctl_shm_flags, "TEE_IOCTL_SHM_???");
	} else {
		FLD_X(c, s, size);
		NEXT_D(c, s, id);
	}
	tprint_struct_end(c);
	return entering(c) ? 0 : IOCTL_DECODED;
}

static int shm_register(struct dctx *c, uint64_t arg)
{
	struct tee_ioctl_shm_register_data s;

	if (!ioctl_inout_begin(c, arg, &s))
		return IOCTL_DECODED;
	if (entering(c)) {
		tprints(c, "addr=");
		printaddr(c, s.addr);
		tprint_struct_next(c);
	}
	FLD_X(c, s, length);
	NEXT_FLAGS(c, s, flags, xlat_tee_ioctl_shm_flags, "TEE_IOCTL_SHM_???");
	if (!entering(c))
		NEXT_D(c, s, id);
	tprint_struct_end(c);
	return entering(c) ? 0 : IOCTL_DECODED;
}

static int session_only(struct dctx *c, uint64_t arg, bool cancel)
{
	struct tee_ioctl_cancel_arg s;

	tprint_arg_next(c);
	if (cancel ? umove_or_printaddr(c, arg, &s) :
		     umoven_or_printaddr(c, arg, sizeof(s.session), &s.session))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	if (cancel)
		tprintf(c, "cancel_id=%u, ", s.cancel_id);
	FLD_X(c, s, session);
	return ioctl_struct_done(c);
}

IOCTL_FAMILY(tee)
{
	switch (code) {
	case TEE_IOC_VERSION:
		return version(c, arg);
	case TEE_IOC_OPEN_SESSION:
		return open_session(c, arg);
	case TEE_IOC_INVOKE:
		return invoke(c, arg);
	case TEE_IOC_CANCEL:
		return session_only(c, arg, true);
	case TEE_IOC_CLOSE_SESSION:
		return session_only(c, arg, false);
	case TEE_IOC_SUPPL_RECV:
		return suppl(c, arg, false);
	case TEE_IOC_SUPPL_SEND:
		return suppl(c, arg, true);
	case TEE_IOC_SHM_ALLOC:
		return shm_alloc(c, arg);
	case TEE_IOC_SHM_REGISTER_FD_:
		return shm_register_fd(c, arg);
	case TEE_IOC_SHM_REGISTER:
		return shm_register(c, arg);
	default:
		return RVAL_DECODED;
	}
}
