// SPDX-License-Identifier: LGPL-2.1-or-later
/* Privileges and libbpf's messages for the eBPF front ends (bpflib.h). */
#include <errno.h>
#include <linux/capability.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/libbpf.h>

#include "bpf/bpflib.h"
#include "common/log.h"

bool bpf_have_caps(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d) < 0)
		return geteuid() == 0;
	/* CAP_SYS_ADMIN (21) covers both on any kernel; else CAP_PERFMON (38) and CAP_BPF (39). */
	uint64_t eff = d[0].effective | (uint64_t)d[1].effective << 32;
	return (eff >> 21 & 1) || ((eff >> 38 & 1) && (eff >> 39 & 1));
}

#define LOG_KEEP 8192
static char liblog[LOG_KEEP];
static size_t liblog_len;

/* The verifier's log comes as one message: its tail says what it rejected. */
static int libbpf_log(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	char *line = NULL;
	int n = vasprintf(&line, fmt, ap);

	if (level == LIBBPF_DEBUG || n <= 0) {
		free(n >= 0 ? line : NULL);
		return 0;
	}
	const char *src = line;
	if ((size_t)n >= LOG_KEEP) {
		src += n - (LOG_KEEP - 1);
		n = LOG_KEEP - 1;
	}
	if (liblog_len + n >= LOG_KEEP) {
		size_t drop = liblog_len + n - LOG_KEEP + 1;
		if (drop > liblog_len)
			drop = liblog_len;
		memmove(liblog, liblog + drop, liblog_len - drop);
		liblog_len -= drop;
	}
	memcpy(liblog + liblog_len, src, n);
	liblog_len += n;
	liblog[liblog_len] = 0;
	free(line);
	return 0;
}

void bpf_log_capture(void)
{
	libbpf_set_print(libbpf_log);
}

void bpf_log_tail(int maxlines)
{
	if (!liblog_len)
		return;
	const char *p = liblog + liblog_len;
	int lines = 0;
	while (p > liblog && lines < maxlines)
		if (*--p == '\n' && p + 1 < liblog + liblog_len)
			lines++;
	if (p != liblog)
		p++;
	if (liblog[liblog_len - 1] == '\n') {
		log_raw(p);
		return;
	}
	/* liblog has room for the newline: its last byte is always the terminating NUL. */
	char tail[LOG_KEEP + 1];
	size_t n = liblog + liblog_len - p;
	memcpy(tail, p, n);
	memcpy(tail + n, "\n", 2);
	log_raw(tail);
}

int bpf_ready(void)
{
	if (!bpf_have_caps()) {
		log_error("--bpf needs CAP_BPF and CAP_PERFMON (run as root, or drop --bpf)");
		return -EPERM;
	}
	if (access("/sys/kernel/btf/vmlinux", R_OK) < 0) {
		log_error("--bpf: this kernel has no BTF (/sys/kernel/btf/vmlinux: %s)",
			  strerror(errno));
		return -ENOENT;
	}
	bpf_log_capture();
	return 0;
}
