// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ELF files through libelf (elfread.h).  Symbol counts come from the size of the data libelf
 * read (never from a header's sh_entsize), so a hostile table cannot send a walk past it.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "common/elfread.h"

int elfr_open(const char *path, struct elf_file *ef)
{
	ef->elf = NULL;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return -ENOSYS;
	ef->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (ef->fd < 0)
		return -errno;
	/* ELF_C_READ reads what it needs; no mapping that a shrinking file could fault. */
	ef->elf = elf_begin(ef->fd, ELF_C_READ, NULL);
	if (!ef->elf || elf_kind(ef->elf) != ELF_K_ELF) {
		elfr_close(ef);
		return -ENOEXEC;
	}
	return 0;
}

void elfr_close(struct elf_file *ef)
{
	if (ef->elf)
		elf_end(ef->elf);
	if (ef->fd >= 0)
		close(ef->fd);
	ef->elf = NULL;
	ef->fd = -1;
}

int elfr_syms(Elf *elf, unsigned int which, elfr_sym_fn fn, void *arg)
{
	size_t symsz = gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);

	for (Elf_Scn *scn = NULL; symsz && (scn = elf_nextscn(elf, scn));) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) ||
		    !((sh.sh_type == SHT_SYMTAB && (which & ELFR_SYMTAB)) ||
		      (sh.sh_type == SHT_DYNSYM && (which & ELFR_DYNSYM))))
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t n = d ? d->d_size / symsz : 0;
		for (size_t i = 1; i < n; i++) {
			GElf_Sym s;
			const char *name;
			if (!gelf_getsym(d, (int)i, &s) || !(name = elf_strptr(elf, sh.sh_link, s.st_name)))
				continue;
			int rc = fn(arg, &sh, i, &s, name);
			if (rc)
				return rc;
		}
	}
	return 0;
}

struct find {
	const char *name;
	unsigned int flags;
	GElf_Sym *out;
};

static int find_one(void *arg, const GElf_Shdr *sh, size_t idx, const GElf_Sym *s,
		    const char *name)
{
	const struct find *f = arg;
	int t = GELF_ST_TYPE(s->st_info);

	if (s->st_shndx == SHN_UNDEF || t == STT_SECTION || strcmp(name, f->name) ||
	    ((f->flags & ELFR_FUNC) && t != STT_FUNC && t != STT_GNU_IFUNC) ||
	    ((f->flags & ELFR_NONZERO) && !s->st_value))
		return 0;
	*f->out = *s;
	return 1;
}

int elfr_sym_find(Elf *elf, const char *name, unsigned int flags, GElf_Sym *out)
{
	struct find f = { name, flags, out };

	if (flags & ELFR_SYMTAB_FIRST)
		return elfr_syms(elf, ELFR_SYMTAB, find_one, &f) ||
				       elfr_syms(elf, ELFR_DYNSYM, find_one, &f) ?
			       0 :
			       -ENOENT;
	return elfr_syms(elf, ELFR_SYMTAB | ELFR_DYNSYM, find_one, &f) ? 0 : -ENOENT;
}

int elfr_vaddr_off(Elf *elf, uint64_t vaddr, uint64_t *off, uint32_t *pflags)
{
	size_t nph = 0;

	if (elf_getphdrnum(elf, &nph))
		return -EINVAL;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD && vaddr >= ph.p_vaddr &&
		    vaddr - ph.p_vaddr < ph.p_filesz) {
			*off = vaddr - ph.p_vaddr + ph.p_offset;
			if (pflags)
				*pflags = ph.p_flags;
			return 0;
		}
	}
	return -EINVAL;
}

int elfr_func_offset(const char *path, const char *sym, uint64_t *off)
{
	struct elf_file ef;
	GElf_Sym s;
	uint32_t pf = 0;
	int rc = elfr_open(path, &ef);

	if (rc)
		return rc;
	rc = elfr_sym_find(ef.elf, sym, ELFR_FUNC | ELFR_NONZERO, &s);
	if (!rc)
		rc = elfr_vaddr_off(ef.elf, s.st_value, off, &pf);
	/* An int3 in data would never trap, only corrupt. */
	if (!rc && !(pf & PF_X))
		rc = -EFAULT;
	elfr_close(&ef);
	return rc;
}
