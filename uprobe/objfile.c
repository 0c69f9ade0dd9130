// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Object files and their mappings (see objfile.h): symbol offsets through libelf, runtime
 * addresses through /proc/PID/maps.  Symbol values become file offsets through the PT_LOAD
 * that holds them, so a prelinked or non-PIE object works the same as a PIE one.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uprobe/objfile.h"

int uprobe_read_maps(pid_t pid, struct uprobe_mapping **out)
{
	char path[64], line[512];
	struct uprobe_mapping *v = NULL;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	FILE *f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		struct uprobe_mapping m = { 0 };
		char perms[8] = "";
		int pos = 0;
		if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %7s %" SCNx64 " %*s %*s %n", &m.start,
			   &m.end, perms, &m.off, &pos) < 4 || !pos || line[pos] != '/')
			continue;
		m.exec = perms[2] == 'x';
		line[strcspn(line, "\n")] = '\0';
		if (strstr(line + pos, " (deleted)"))
			continue;
		snprintf(m.path, sizeof(m.path), "%s", line + pos);
		struct uprobe_mapping *nv = realloc(v, (size_t)(n + 1) * sizeof(*v));
		if (!nv)
			break;
		v = nv;
		v[n++] = m;
	}
	fclose(f);
	*out = v;
	return n;
}

const struct uprobe_mapping *uprobe_mapping_at(const struct uprobe_mapping *m, int n,
					       uint64_t addr)
{
	for (int i = 0; i < n; i++)
		if (addr >= m[i].start && addr < m[i].end)
			return &m[i];
	return NULL;
}

uint64_t uprobe_map_offset(const struct uprobe_mapping *m, int n, const char *path, uint64_t off)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(m[i].path, path) && off >= m[i].off && off - m[i].off < m[i].end - m[i].start)
			return m[i].start + off - m[i].off;
	return 0;
}

int uprobe_symbol_offset(const char *path, const char *sym, uint64_t *off)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc = -ENOENT;

	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	uint64_t value = 0;
	if (!e || elf_kind(e) != ELF_K_ELF) {
		rc = -ENOEXEC;
		goto out;
	}
	for (Elf_Scn *scn = NULL; rc == -ENOENT && (scn = elf_nextscn(e, scn));) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) ||
		    !sh.sh_entsize)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t n = d ? sh.sh_size / sh.sh_entsize : 0;
		for (size_t i = 0; i < n; i++) {
			GElf_Sym s;
			if (!gelf_getsym(d, (int)i, &s) || s.st_shndx == SHN_UNDEF || !s.st_value)
				continue;
			int t = GELF_ST_TYPE(s.st_info);
			if (t != STT_FUNC && t != STT_GNU_IFUNC)
				continue;
			const char *name = elf_strptr(e, sh.sh_link, s.st_name);
			if (name && !strcmp(name, sym)) {
				value = s.st_value;
				rc = 0;
				break;
			}
		}
	}
	if (rc == 0) {
		size_t nph = 0;
		rc = -EINVAL;
		elf_getphdrnum(e, &nph);
		for (size_t i = 0; i < nph; i++) {
			GElf_Phdr ph;
			if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD &&
			    value >= ph.p_vaddr && value - ph.p_vaddr < ph.p_filesz) {
				*off = value - ph.p_vaddr + ph.p_offset;
				/* An int3 in data would never trap, only corrupt. */
				rc = ph.p_flags & PF_X ? 0 : -EFAULT;
				break;
			}
		}
	}
out:
	if (e)
		elf_end(e);
	close(fd);
	return rc;
}

