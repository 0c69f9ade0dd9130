// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The kernel key management calls: add_key, request_key and keyctl.
 *
 * Key serial numbers print in decimal, the special ones (KEY_SPEC_*, negative) by name.  keyctl
 * prints its command, then the arguments that command takes; the commands that return data
 * (DESCRIBE, READ, GET_SECURITY, DH_COMPUTE, the PKEY ones, CAPABILITIES) print their buffer
 * at exit, as long as the result says, and an unknown command prints four hex arguments.
 */
#include <inttypes.h>
#include <sys/uio.h>

#include "common/print.h"
#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"

enum {
	K_GET_KEYRING_ID, K_JOIN_SESSION_KEYRING, K_UPDATE, K_REVOKE, K_CHOWN, K_SETPERM,
	K_DESCRIBE, K_CLEAR, K_LINK, K_UNLINK, K_SEARCH, K_READ, K_INSTANTIATE, K_NEGATE,
	K_SET_REQKEY_KEYRING, K_SET_TIMEOUT, K_ASSUME_AUTHORITY, K_GET_SECURITY,
	K_SESSION_TO_PARENT, K_REJECT, K_INSTANTIATE_IOV, K_INVALIDATE, K_GET_PERSISTENT,
	K_DH_COMPUTE, K_PKEY_QUERY, K_PKEY_ENCRYPT, K_PKEY_DECRYPT, K_PKEY_SIGN, K_PKEY_VERIFY,
	K_RESTRICT_KEYRING, K_MOVE, K_CAPABILITIES,
};

static void print_key(struct dctx *c, uint64_t id)
{
	printxval_signed(c, xlat_key_spec, (int32_t)id, NULL);
}

static void print_id(struct dctx *c, uint64_t v)
{
	if ((uint32_t)v == (uint32_t)-1)
		tprints(c, "-1");
	else
		tprintf(c, "%u", (uint32_t)v);
}

SYS_FUNC(add_key)
{
	printstr(c, c->arg[0]);
	tprint_arg_next(c);
	printstr(c, c->arg[1]);
	tprint_arg_next(c);
	printstrn(c, c->arg[2], c->arg[3]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[3]);
	print_key(c, c->arg[4]);
	return RVAL_DECODED;
}

SYS_FUNC(request_key)
{
	for (int i = 0; i < 3; i++) {
		printstr(c, c->arg[i]);
		tprint_arg_next(c);
	}
	print_key(c, c->arg[3]);
	return RVAL_DECODED;
}

static uint64_t ret_len(const struct dctx *c, uint64_t len)
{
	return c->rval >= 0 && (uint64_t)c->rval > len ? len : (uint64_t)c->rval;
}

/* DESCRIBE, READ, GET_SECURITY: the key at entry, the buffer and its size at exit. */
static int read_key(struct dctx *c, bool has_nul)
{
	if (entering(c)) {
		print_key(c, c->arg[1]);
		tprint_arg_next(c);
		return 0;
	}
	if (syserror(c))
		printaddr(c, c->arg[2]);
	else
		printstr_ex(c, c->arg[2], ret_len(c, c->arg[3]), has_nul ? QUOTE_OMIT_TRAILING_0 : 0);
	tprintf(c, ", %" PRIu64, c->arg[3]);
	return 0;
}

static void print_errno_arg(struct dctx *c, unsigned int err)
{
	const char *name = errno_name((int)err);

	if (name && print_opts_get()->xstyle == XSTYLE_ABBREV) {
		tprints(c, name);
		return;
	}
	tprintf(c, "%u", err);
	if (print_opts_get()->xstyle != XSTYLE_RAW)
		print_comment(c->sb, name);
}

static void print_spare(struct dctx *c, const uint32_t *a, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n && !a[i]; i++)
		;
	if (i == n)
		return;
	tprints(c, ", __spare=[");
	for (i = 0; i < n; i++) {
		if (i)
			tprints(c, ", ");
		if (i >= print_opts_get()->max_strlen && !dopts.verbose) {
			tprint_more_data_follows(c);
			break;
		}
		tprintf(c, "%#x", a[i]);
	}
	tprints(c, "]");
}

struct kdf_params {
	uint64_t hashname, otherinfo;
	uint32_t otherinfolen, spare[8];
};

static int dh_compute(struct dctx *c)
{
	struct { int32_t priv, prime, base; } p;
	struct kdf_params k;

	if (entering(c)) {
		if (!umove_or_printaddr(c, c->arg[1], &p)) {
			tprints(c, "{private=");
			print_key(c, p.priv);
			tprints(c, ", prime=");
			print_key(c, p.prime);
			tprints(c, ", base=");
			print_key(c, p.base);
			tprint_struct_end(c);
		}
		tprint_arg_next(c);
		return 0;
	}
	if (syserror(c))
		printaddr(c, c->arg[2]);
	else
		printstrn(c, c->arg[2], ret_len(c, c->arg[3]));
	tprintf(c, ", %" PRIu64 ", ", c->arg[3]);
	if (!c->arg[4] || umoven(c, c->arg[4], sizeof(k), &k) < 0) {
		printaddr(c, c->arg[4]);
		return 0;
	}
	tprints(c, "{hashname=");
	printstr(c, k.hashname);
	tprints(c, ", otherinfo=");
	if (k.otherinfolen)
		printstrn(c, k.otherinfo, k.otherinfolen);
	else
		printaddr(c, k.otherinfo);
	tprintf(c, ", otherinfolen=%u", k.otherinfolen);
	print_spare(c, k.spare, 8);
	tprint_struct_end(c);
	return 0;
}

static int pkey_query(struct dctx *c)
{
	struct {
		uint32_t ops, key_size;
		uint16_t max_data, max_sig, max_enc, max_dec;
		uint32_t spare[10];
	} q;

	if (entering(c)) {
		print_key(c, c->arg[1]);
		tprintf(c, ", %#" PRIx64 ", ", c->arg[2]);
		printstr(c, c->arg[3]);
		tprint_arg_next(c);
		return 0;
	}
	if (umove_or_printaddr(c, c->arg[4], &q))
		return 0;
	tprints(c, "{supported_ops=");
	printflags(c, xlat_keyctl_pkey_ops, q.ops, "KEYCTL_SUPPORTS_???");
	tprintf(c, ", key_size=%u, max_data_size=%u, max_sig_size=%u, max_enc_size=%u, "
		   "max_dec_size=%u", q.key_size, q.max_data, q.max_sig, q.max_enc, q.max_dec);
	print_spare(c, q.spare, 10);
	tprint_struct_end(c);
	return 0;
}

static int pkey_op(struct dctx *c, bool out)
{
	struct { int32_t key_id; uint32_t in_len, len2, spare[7]; } p;
	bool ok;

	if (!entering(c)) {
		if (syserror(c))
			printaddr(c, c->arg[4]);
		else
			printstrn(c, c->arg[4], c->priv[0]);
		return 0;
	}
	ok = !umove_or_printaddr(c, c->arg[1], &p);
	if (ok) {
		tprints(c, "{key_id=");
		print_key(c, p.key_id);
		tprintf(c, ", in_len=%u, %s=%u", p.in_len, out ? "out_len" : "in2_len", p.len2);
		print_spare(c, p.spare, 7);
		tprint_struct_end(c);
		c->priv[0] = p.len2;
	}
	tprint_arg_next(c);
	printstr(c, c->arg[2]);
	tprint_arg_next(c);
	if (ok)
		printstrn(c, c->arg[3], p.in_len);
	else
		printaddr(c, c->arg[3]);
	tprint_arg_next(c);
	if (!out || !ok) {
		if (ok)
			printstrn(c, c->arg[4], p.len2);
		else
			printaddr(c, c->arg[4]);
	}
	return ok && out ? 0 : RVAL_DECODED;
}

static bool print_cap(struct dctx *c, void *elem, size_t size, void *data)
{
	unsigned int *pos = data;
	unsigned char v = *(unsigned char *)elem;

	(void)size;
	if (*pos == 0)
		printflags(c, xlat_keyctl_caps0, v, "KEYCTL_CAPS0_???");
	else if (*pos == 1)
		printflags(c, xlat_keyctl_caps1, v, "KEYCTL_CAPS1_???");
	else
		tprintf(c, "%#x", v);
	(*pos)++;
	return true;
}

static int capabilities(struct dctx *c)
{
	unsigned char e;
	unsigned int pos = 0;

	if (entering(c))
		return 0;
	if (syserror(c))
		printaddr(c, c->arg[1]);
	else
		print_array(c, c->arg[1], ret_len(c, c->arg[2]), &e, 1, 0, print_cap, &pos);
	tprintf(c, ", %" PRIu64, c->arg[2]);
	return 0;
}

/* The commands decoded at both entry and exit. */
static int keyctl_exiting_cmds(struct dctx *c, int cmd)
{
	switch (cmd) {
	case K_DESCRIBE: case K_READ: case K_GET_SECURITY:
		return read_key(c, cmd != K_READ);
	case K_DH_COMPUTE:
		return dh_compute(c);
	case K_PKEY_QUERY:
		return pkey_query(c);
	case K_PKEY_ENCRYPT: case K_PKEY_DECRYPT: case K_PKEY_SIGN:
		return pkey_op(c, true);
	case K_CAPABILITIES:
		return capabilities(c);
	}
	return -1;
}

/*
 * The commands whose arguments are all read at entry, one letter an argument from arg[1] on:
 * k key, s string, b string of arg[i + 1] bytes, v iovec of arg[i + 1] elements, l u64,
 * d int, u u32, i uid/gid, e errno, p KEY_* permissions, r KEY_REQKEY_DEFL_*, m KEYCTL_MOVE_*.
 */
static const char *const entry_args[] = {
	[K_GET_KEYRING_ID] = "kd",	[K_JOIN_SESSION_KEYRING] = "s",
	[K_UPDATE] = "kbl",		[K_REVOKE] = "k",
	[K_CLEAR] = "k",		[K_INVALIDATE] = "k",
	[K_ASSUME_AUTHORITY] = "k",	[K_LINK] = "kk",
	[K_UNLINK] = "kk",		[K_SEARCH] = "kssk",
	[K_RESTRICT_KEYRING] = "kss",	[K_CHOWN] = "kii",
	[K_SETPERM] = "kp",		[K_INSTANTIATE] = "kblk",
	[K_INSTANTIATE_IOV] = "kvlk",	[K_NEGATE] = "kuk",
	[K_REJECT] = "kuek",		[K_SET_REQKEY_KEYRING] = "r",
	[K_SET_TIMEOUT] = "ku",		[K_SESSION_TO_PARENT] = "",
	[K_GET_PERSISTENT] = "ik",	[K_MOVE] = "kkkm",
};

/* The arguments of an entry_args command; false for an unknown one. */
static bool keyctl_entry_cmds(struct dctx *c, int cmd)
{
	const uint64_t *a = c->arg;
	const char *f;

	if (cmd == K_PKEY_VERIFY) {
		pkey_op(c, false);
		return true;
	}
	if (cmd < 0 || (size_t)cmd >= sizeof(entry_args) / sizeof(entry_args[0]) ||
	    !(f = entry_args[cmd]))
		return false;
	for (unsigned int i = 1; *f; f++, i++) {
		if (i > 1)
			tprint_arg_next(c);
		switch (*f) {
		case 'k': print_key(c, a[i]); break;
		case 's': printstr(c, a[i]); break;
		case 'b': printstrn(c, a[i], a[i + 1]); break;
		case 'v': print_iov_upto(c, a[i + 1], a[i], (uint64_t)-1, IOV_DECODE_STR); break;
		case 'l': tprintf(c, "%" PRIu64, a[i]); break;
		case 'd': tprintf(c, "%d", (int)a[i]); break;
		case 'u': tprintf(c, "%u", (uint32_t)a[i]); break;
		case 'i': print_id(c, a[i]); break;
		case 'e': print_errno_arg(c, (uint32_t)a[i]); break;
		case 'p': printflags(c, xlat_key_perms, (uint32_t)a[i], "KEY_???"); break;
		case 'r':
			printxval_signed(c, xlat_key_reqkeys, (int)a[i], "KEY_REQKEY_DEFL_???");
			break;
		case 'm':
			printflags(c, xlat_keyctl_move_flags, (uint32_t)a[i], "KEYCTL_MOVE_???");
			break;
		}
	}
	return true;
}

SYS_FUNC(keyctl)
{
	int cmd = (int)c->arg[0];
	int rc;

	if (entering(c)) {
		printxval(c, xlat_keyctl_commands, (unsigned int)cmd, "KEYCTL_???");
		if (cmd != K_SESSION_TO_PARENT)
			tprint_arg_next(c);
	}
	rc = keyctl_exiting_cmds(c, cmd);
	if (rc >= 0)
		return rc;
	if (!keyctl_entry_cmds(c, cmd))
		tprintf(c, "%#" PRIx64 ", %#" PRIx64 ", %#" PRIx64 ", %#" PRIx64, c->arg[1],
			c->arg[2], c->arg[3], c->arg[4]);
	return RVAL_DECODED;
}
