// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libunwind over a copied stack (stackcopy.h).
 *
 * libunwind-ptrace's find_proc_info reads /proc/PID/maps and the tracee's memory at the time
 * of the call; here the process may have moved on or be gone, so the unwind table is found
 * from the maps snapshot instead: the file of the executable mapping holding the pc, its
 * PT_GNU_EH_FRAME segment (.eh_frame_hdr: a version byte, three encodings, the .eh_frame
 * pointer, the FDE count, then the binary-search table), placed at its runtime address, and
 * handed to libunwind's own dwarf_search_unwind_table() -- the function its ptrace accessors
 * end in too, so the frames are the same.  The table and the FDEs it points to are then read
 * through access_mem, which answers them from the file.  A file without .eh_frame_hdr gives
 * "no info", and libunwind falls back on frame pointers, as it does under ptrace.
 *
 * The ELF headers come from the file and are not trusted: every offset and count is checked
 * against what was read, and an unexpected encoding of the table means "no info".
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/proc.h"
#include "common/stackcopy.h"

/* Exported by libunwind (the x86_64 flavour of its generic library), not declared. */
extern int _Ux86_64_dwarf_search_unwind_table(unw_addr_space_t as, unw_word_t ip,
					      unw_dyn_info_t *di, unw_proc_info_t *pi,
					      int need_unwind_info, void *arg);

#define DW_EH_PE_udata4 0x03
#define DW_EH_PE_sdata4 0x0b
#define DW_EH_PE_datarel 0x30
#define MAX_PHDRS 256

void stackcopy_mem_init(struct stackcopy_mem *m, pid_t pid)
{
	char path[64];

	memset(m, 0, sizeof(*m));
	m->memfd = -1;
	if (pid > 0) {
		snprintf(path, sizeof(path), "/proc/%d/mem", (int)proc_pid(pid));
		m->memfd = open(path, O_RDONLY | O_CLOEXEC);
	}
}

static void files_close(struct stackcopy_mem *m)
{
	for (size_t i = 0; i < m->nfiles; i++) {
		if (m->files[i].fd >= 0)
			close(m->files[i].fd);
		free(m->files[i].path);
	}
	free(m->files);
	m->files = NULL;
	m->nfiles = 0;
}

void stackcopy_mem_set_maps(struct stackcopy_mem *m, const struct mapping *maps, int n)
{
	files_close(m);
	m->maps = maps;
	m->nmaps = n;
}

void stackcopy_mem_free(struct stackcopy_mem *m)
{
	files_close(m);
	if (m->memfd >= 0)
		close(m->memfd);
	memset(m, 0, sizeof(*m));
	m->memfd = -1;
}

/* The file of mapping MP, opened once; NULL when it cannot be. */
static struct stackcopy_file *file_of(struct stackcopy_mem *m, const struct mapping *mp)
{
	if (mp->path[0] != '/' || mp->deleted)
		return NULL;
	for (size_t i = 0; i < m->nfiles; i++)
		if (!strcmp(m->files[i].path, mp->path))
			return m->files[i].fd >= 0 ? &m->files[i] : NULL;
	struct stackcopy_file *v = realloc(m->files, (m->nfiles + 1) * sizeof(*v));
	if (!v)
		return NULL;
	m->files = v;
	struct stackcopy_file *f = &v[m->nfiles];
	*f = (struct stackcopy_file){ .path = strdup(mp->path), .fd = -1 };
	if (!f->path)
		return NULL;
	m->nfiles++;
	f->fd = open(mp->path, O_RDONLY | O_CLOEXEC);
	return f->fd >= 0 ? f : NULL;
}

static bool read_exact(int fd, void *buf, size_t len, uint64_t off)
{
	ssize_t n = pread(fd, buf, len, (off_t)off);

	return n == (ssize_t)len;
}

/* ADDR's 8 bytes, from the copy, a file, or the process. */
static int read_word(struct stackcopy_arg *a, uint64_t addr, uint64_t *val)
{
	const struct stackcopy *c = a->c;
	uint64_t sp = c->regs[STACKCOPY_SP];

	if (addr >= sp && addr - sp + 8 <= c->len) {
		memcpy(val, c->data + (addr - sp), 8);
		return 0;
	}
	const struct mapping *mp = maps_at(a->mem->maps, a->mem->nmaps, addr);
	if (mp && mp->start <= sp && sp < mp->end)
		return -1; /* the stack beyond the copy is not the stack of the call any more */
	if (mp && addr + 8 <= mp->end) {
		struct stackcopy_file *f = file_of(a->mem, mp);
		if (f && read_exact(f->fd, val, 8, addr - mp->start + mp->off))
			return 0;
	}
	if (a->mem->memfd >= 0 && read_exact(a->mem->memfd, val, 8, addr))
		return 0;
	return -1;
}

static int access_mem(unw_addr_space_t as, unw_word_t addr, unw_word_t *val, int write, void *arg)
{
	uint64_t v;

	if (write || read_word(arg, addr, &v) < 0)
		return -UNW_EINVAL;
	*val = v;
	return 0;
}

/* libunwind's x86_64 register numbers, as words of struct pt_regs. */
static const signed char pt_index[] = {
	[UNW_X86_64_RAX] = 10, [UNW_X86_64_RDX] = 12, [UNW_X86_64_RCX] = 11,
	[UNW_X86_64_RBX] = 5,  [UNW_X86_64_RSI] = 13, [UNW_X86_64_RDI] = 14,
	[UNW_X86_64_RBP] = 4,  [UNW_X86_64_RSP] = 19, [UNW_X86_64_R8] = 9,
	[UNW_X86_64_R9] = 8,   [UNW_X86_64_R10] = 7,  [UNW_X86_64_R11] = 6,
	[UNW_X86_64_R12] = 3,  [UNW_X86_64_R13] = 2,  [UNW_X86_64_R14] = 1,
	[UNW_X86_64_R15] = 0,  [UNW_X86_64_RIP] = 16,
};

static int access_reg(unw_addr_space_t as, unw_regnum_t reg, unw_word_t *val, int write,
		      void *arg)
{
	const struct stackcopy_arg *a = arg;

	if (write || reg < 0 || (size_t)reg >= sizeof(pt_index))
		return -UNW_EBADREG;
	*val = a->c->regs[pt_index[reg]];
	return 0;
}

static int access_fpreg(unw_addr_space_t as, unw_regnum_t reg, unw_fpreg_t *val, int write,
			void *arg)
{
	return -UNW_EBADREG;
}

static int resume(unw_addr_space_t as, unw_cursor_t *c, void *arg)
{
	return -UNW_EINVAL;
}

static int get_proc_name(unw_addr_space_t as, unw_word_t addr, char *buf, size_t len,
			 unw_word_t *off, void *arg)
{
	return -UNW_ENOINFO;
}

static int get_dyn_info_list_addr(unw_addr_space_t as, unw_word_t *addr, void *arg)
{
	return -UNW_ENOINFO;
}

static void put_unwind_info(unw_addr_space_t as, unw_proc_info_t *pi, void *arg)
{
}

/* Where F's .eh_frame_hdr is (file offset, link-time address) and its FDE count. */
static bool find_hdr(struct stackcopy_file *f)
{
	Elf64_Ehdr eh;
	unsigned char hdr[12];

	if (f->hdr_state)
		return f->hdr_state > 0;
	f->hdr_state = -1;
	if (!read_exact(f->fd, &eh, sizeof(eh), 0) || memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_phentsize != sizeof(Elf64_Phdr) ||
	    eh.e_phnum > MAX_PHDRS)
		return false;
	for (unsigned i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr ph;
		if (!read_exact(f->fd, &ph, sizeof(ph), eh.e_phoff + (uint64_t)i * sizeof(ph)))
			return false;
		if (ph.p_type != PT_GNU_EH_FRAME)
			continue;
		/* version 1; the .eh_frame pointer in 4 bytes; a 4-byte count; a table of
		 * (datarel sdata4, datarel sdata4) pairs: what libunwind's search expects. */
		if (ph.p_filesz < sizeof(hdr) || !read_exact(f->fd, hdr, sizeof(hdr), ph.p_offset) ||
		    hdr[0] != 1 || ((hdr[1] & 0x0f) != DW_EH_PE_udata4 &&
				    (hdr[1] & 0x0f) != DW_EH_PE_sdata4) ||
		    hdr[2] != DW_EH_PE_udata4 || hdr[3] != (DW_EH_PE_datarel | DW_EH_PE_sdata4))
			return false;
		uint32_t n;
		memcpy(&n, hdr + 8, 4);
		if ((uint64_t)n * 8 > ph.p_filesz - sizeof(hdr))
			return false;
		f->hdr_off = ph.p_offset;
		f->hdr_vaddr = ph.p_vaddr;
		f->fde_count = n;
		f->hdr_state = 1;
		return true;
	}
	return false;
}

/* The runtime address of link-time address VADDR of F, mapped (among others) as MP. */
static bool runtime_bias(struct stackcopy_file *f, const struct mapping *mp, uint64_t *bias)
{
	Elf64_Ehdr eh;

	if (!read_exact(f->fd, &eh, sizeof(eh), 0) || eh.e_phnum > MAX_PHDRS)
		return false;
	for (unsigned i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr ph;
		if (!read_exact(f->fd, &ph, sizeof(ph), eh.e_phoff + (uint64_t)i * sizeof(ph)))
			return false;
		if (ph.p_type == PT_LOAD && (ph.p_offset & ~(uint64_t)0xfff) <= mp->off &&
		    mp->off < ph.p_offset + ph.p_filesz) {
			/* file offset X is at runtime mp->start + X - mp->off, and at link time
			 * p_vaddr + X - p_offset */
			*bias = mp->start - mp->off + ph.p_offset - ph.p_vaddr;
			return true;
		}
	}
	return false;
}

static int find_proc_info(unw_addr_space_t as, unw_word_t ip, unw_proc_info_t *pi,
			  int need_unwind_info, void *arg)
{
	struct stackcopy_arg *a = arg;
	const struct mapping *mp = maps_at(a->mem->maps, a->mem->nmaps, ip);
	struct stackcopy_file *f;
	uint64_t bias;

	if (!mp || !mp->exec || !(f = file_of(a->mem, mp)) || !find_hdr(f) ||
	    !runtime_bias(f, mp, &bias))
		return -UNW_ENOINFO;
	unw_dyn_info_t di = { 0 };
	di.format = UNW_INFO_FORMAT_REMOTE_TABLE;
	di.start_ip = mp->start;
	di.end_ip = mp->end;
	di.u.rti.segbase = f->hdr_vaddr + bias;
	di.u.rti.table_data = f->hdr_vaddr + bias + 12;
	di.u.rti.table_len = (uint64_t)f->fde_count * 8 / sizeof(unw_word_t);
	return _Ux86_64_dwarf_search_unwind_table(as, ip, &di, pi, need_unwind_info, arg);
}

static unw_accessors_t accessors = {
	.find_proc_info = find_proc_info,
	.put_unwind_info = put_unwind_info,
	.get_dyn_info_list_addr = get_dyn_info_list_addr,
	.access_mem = access_mem,
	.access_reg = access_reg,
	.access_fpreg = access_fpreg,
	.resume = resume,
	.get_proc_name = get_proc_name,
};

unw_accessors_t *stackcopy_accessors(void)
{
	return &accessors;
}
