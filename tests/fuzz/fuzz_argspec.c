// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libFuzzer target: arbitrary bytes as a probe's argument string, for both architectures
 * (`make fuzz`).  The first byte picks the architecture; the rest is the string, made
 * NUL-terminated as it is when it comes from a note.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sdt/usdt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct usdt_arg argv[USDT_MAX_ARGS];
	enum usdt_arch arch;
	char *s, buf[512];
	int n;

	if (size < 1)
		return 0;
	arch = data[0] & 1 ? USDT_ARCH_AARCH64 : USDT_ARCH_X86_64;
	s = malloc(size);
	if (!s)
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	n = usdt_parse_args(arch, s, argv, USDT_MAX_ARGS);
	for (int k = 0; k < n; k++) {
		if (argv[k].text_off + argv[k].text_len > strlen(s))
			abort(); /* the text span must lie inside the string */
		usdt_arg_describe(arch, &argv[k], buf, sizeof(buf));
	}
	/* One argument straight from the unterminated bytes. */
	usdt_parse_arg(arch, (const char *)data + 1, size - 1, &argv[0]);
	free(s);
	return 0;
}
