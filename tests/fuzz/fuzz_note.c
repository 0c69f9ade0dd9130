// SPDX-License-Identifier: LGPL-2.1-or-later
/* libFuzzer target: an arbitrary file through the stapsdt note reader (`make fuzz`). */
#include <stddef.h>
#include <stdint.h>

#include "sdt/usdt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct usdt_file *f;
	char buf[512];

	if (usdt_open_mem(data, size, "fuzz", &f, NULL))
		return 0;
	/* Walk what came back, as the front end would. */
	for (size_t i = 0; i < f->count; i++)
		for (int k = 0; k < f->probes[i].nargs; k++)
			usdt_arg_describe(f->arch, &f->probes[i].argv[k], buf, sizeof(buf));
	usdt_free(f);
	return 0;
}
