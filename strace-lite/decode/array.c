// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Array and iovec printers (array.h).  The shape follows strace's print_array_ex so that an
 * unreadable first element shows the address, a later one "..." and a comment with its address,
 * and an array longer than -s shows its first -s elements then "..." (unless -v).
 */
#include <inttypes.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"

bool print_elem_u32(struct dctx *c, void *elem, size_t size, void *data)
{
	(void)size;
	(void)data;
	tprintf(c, "%u", *(uint32_t *)elem);
	return true;
}

bool print_array(struct dctx *c, uint64_t addr, uint64_t nmemb, void *elem_buf, size_t elem_size,
		 unsigned int flags, print_elem_fn fn, void *data)
{
	if (!addr) {
		tprints(c, "NULL");
		return false;
	}
	if (!nmemb) {
		tprint_array_begin(c);
		if (flags & PA_TRUNCATED)
			tprint_more_data_follows(c);
		tprint_array_end(c);
		return false;
	}
	uint64_t size = nmemb * elem_size;
	uint64_t end = addr + size;
	if (end <= addr || size / elem_size != nmemb) {
		printaddr(c, addr);
		return false;
	}
	uint64_t abbrev_end = (!dopts.verbose && print_opts_get()->max_strlen < nmemb)
		? addr + elem_size * print_opts_get()->max_strlen : end;
	bool fail_on_error = !(flags & PA_IGNORE_SYSERROR) && c->exiting && syserror(c);
	bool truncated = false;
	uint64_t cur;

	for (cur = addr; cur < end; cur += elem_size) {
		if (cur != addr)
			tprint_array_next(c);
		if (fail_on_error || umoven(c, cur, elem_size, elem_buf) < 0) {
			if (cur == addr) {
				printaddr(c, cur);
			} else {
				tprint_more_data_follows(c);
				tprintf(c, " /* %#" PRIx64 " */", cur);
				truncated = true;
			}
			break;
		}
		if (cur == addr)
			tprint_array_begin(c);
		if (cur >= abbrev_end) {
			tprint_more_data_follows(c);
			cur = end;
			truncated = true;
			break;
		}
		if (!fn(c, elem_buf, elem_size, data)) {
			cur = end;
			break;
		}
	}
	if (cur != addr) {
		if ((flags & PA_TRUNCATED) && !truncated) {
			tprint_array_next(c);
			tprint_more_data_follows(c);
		}
		tprint_array_end(c);
	}
	return cur >= end;
}

struct iov_cfg {
	uint64_t data_size;
	enum iov_decode how;
};

static bool print_iovec(struct dctx *c, void *elem, size_t size, void *data)
{
	const uint64_t *iov = elem;
	struct iov_cfg *cfg = data;
	uint64_t len = iov[1];

	(void)size;
	if (len > cfg->data_size)
		len = cfg->data_size;
	if (cfg->data_size != UINT64_MAX)
		cfg->data_size -= len;
	tprints(c, "{iov_base=");
	if (cfg->how == IOV_DECODE_STR)
		printstrn(c, iov[0], len);
	else
		printaddr(c, iov[0]);
	tprintf(c, ", iov_len=%" PRIu64 "}", iov[1]);
	return true;
}

void print_iov_upto(struct dctx *c, uint64_t len, uint64_t addr, uint64_t data_size,
		    enum iov_decode how)
{
	uint64_t iov[2];
	struct iov_cfg cfg = { data_size, how };

	print_array(c, addr, len, iov, sizeof(iov), PA_IGNORE_SYSERROR, print_iovec, &cfg);
}

bool print_int64_ref(struct dctx *c, uint64_t addr, const char *fmt)
{
	uint64_t v;

	if (umove_or_printaddr(c, addr, &v))
		return false;
	tprints(c, "[");
	tprintf(c, fmt, v);
	tprints(c, "]");
	return true;
}
