// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libFuzzer target (`make fuzz`): arbitrary bytes through common/'s readers -- as an ELF
 * image (symbols, file offsets), as a /proc/PID/maps line, as an auxv vector.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/elfread.h"
#include "common/maps.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int walk(void *arg, const GElf_Shdr *sh, size_t idx, const GElf_Sym *s, const char *name)
{
	*(size_t *)arg += strlen(name);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1);
	struct mapping m;
	uint64_t v, off;
	size_t total = 0;
	GElf_Sym s;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	maps_parse_line(copy, &m);
	auxv_parse(data, size, size ? data[0] : 0, &v);
	elf_version(EV_CURRENT);
	memcpy(copy, data, size);
	Elf *elf = elf_memory(copy, size);
	if (elf && elf_kind(elf) == ELF_K_ELF) {
		elfr_syms(elf, ELFR_SYMTAB | ELFR_DYNSYM, walk, &total);
		if (!elfr_sym_find(elf, "main", ELFR_FUNC, &s))
			elfr_vaddr_off(elf, s.st_value, &off, NULL);
		elfr_sym_find(elf, "_start", ELFR_SYMTAB_FIRST | ELFR_NONZERO, &s);
	}
	if (elf)
		elf_end(elf);
	free(copy);
	return 0;
}
