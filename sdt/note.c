// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The stapsdt note reader.
 *
 * A probe is a note in .note.stapsdt (owner "stapsdt", type 3) whose descriptor holds three
 * addresses (pc, .stapsdt.base as linked, semaphore) of the file's word size, then provider,
 * name and argument string, NUL-terminated.  Turning that into something a tracer can attach
 * to takes three corrections, in this order:
 *
 *  1. prelink: if the file was relocated after linking, .stapsdt.base's section header has
 *     the new address and the note the old one; pc and semaphore move by the difference;
 *  2. pc -> file offset, through the executable PT_LOAD that contains it (uprobes are set on
 *     an inode and an offset, never on a virtual address);
 *  3. semaphore -> file offset, through the writable PT_LOAD (the kernel's ref_ctr_offset).
 *
 * libelf does the ELF structure: it refuses section data that lies outside the file and
 * string-table names that are unterminated.  The notes themselves we walk by hand, because
 * their contents are the attack surface: every length is checked against what remains of the
 * section before it is used, in 64-bit arithmetic so that 32-bit sizes cannot wrap.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/elfread.h"
#include "sdt/usdt.h"
#include "common/vec.h"

#define NT_STAPSDT 3

struct reader {
	Elf *elf;
	bool big_endian;
	unsigned int word;       /* 4 or 8 */
	size_t nload;
	GElf_Phdr *load;         /* PT_LOAD headers */
	size_t shstrndx;
	struct usdt_file *f;
	uint64_t file_size;
	size_t cap;
	size_t strings_len, strings_cap;
	const char *why;
};

static uint64_t get_uint(const struct reader *r, const unsigned char *p, unsigned int n)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < n; i++)
		v |= (uint64_t)p[r->big_endian ? n - 1 - i : i] << (8 * i);
	return v;
}

static int fail(struct reader *r, int err, const char *why)
{
	if (!r->why)
		r->why = why;
	return err;
}

/* A copy of the string at P (NUL within LEN bytes is guaranteed by the caller). */
static const char *keep_string(struct reader *r, const char *p)
{
	size_t n = strlen(p) + 1;
	char *s = r->f->strings + r->strings_len;

	/* strings_cap was sized from the note sections, which contain every string. */
	if (r->strings_cap - r->strings_len < n)
		return NULL;
	memcpy(s, p, n);
	r->strings_len += n;
	return s;
}

static const GElf_Phdr *segment_of(const struct reader *r, uint64_t addr, GElf_Word flag)
{
	for (size_t i = 0; i < r->nload; i++) {
		const GElf_Phdr *ph = &r->load[i];

		if ((ph->p_flags & flag) && addr >= ph->p_vaddr &&
		    addr - ph->p_vaddr < ph->p_filesz)
			return ph;
	}
	return NULL;
}

static int add_probe(struct reader *r, const unsigned char *desc, uint64_t descsz)
{
	struct usdt_file *f = r->f;
	struct usdt_probe *p;
	const char *s, *end, *strs[3];
	const GElf_Phdr *ph;
	uint64_t need = 3ull * r->word;

	if (descsz < need)
		return fail(r, -EINVAL, "stapsdt note descriptor too short for its addresses");
	s = (const char *)desc + need;
	end = (const char *)desc + descsz;
	for (int i = 0; i < 3; i++) {
		const char *nul = memchr(s, '\0', (size_t)(end - s));

		if (!nul)
			return fail(r, -EINVAL, "unterminated string in a stapsdt note");
		strs[i] = s;
		s = nul + 1;
	}
	if (!strs[0][0] || !strs[1][0])
		return fail(r, -EINVAL, "empty provider or name in a stapsdt note");

	if (VEC_GROW(f->probes, r->cap, f->count, 16) < 0)
		return -ENOMEM;
	p = &f->probes[f->count];
	memset(p, 0, sizeof(*p));
	p->note_pc = get_uint(r, desc, r->word);
	p->base = get_uint(r, desc + r->word, r->word);
	p->semaphore = get_uint(r, desc + 2 * r->word, r->word);
	p->pc = p->note_pc;
	if (f->has_base && p->base) {
		p->pc = p->note_pc - p->base + f->base_addr;
		if (p->semaphore)
			p->semaphore = p->semaphore - p->base + f->base_addr;
	}
	if (r->word == 4) {
		p->pc &= 0xffffffffu;
		p->semaphore &= 0xffffffffu;
	}
	ph = segment_of(r, p->pc, PF_X);
	if (!ph)
		return fail(r, -EINVAL, "probe address outside every executable segment");
	p->pc_offset = p->pc - ph->p_vaddr + ph->p_offset;
	if (p->semaphore) {
		ph = segment_of(r, p->semaphore, PF_W);
		if (!ph || ph->p_filesz - (p->semaphore - ph->p_vaddr) < 2)
			return fail(r, -EINVAL, "semaphore outside every writable segment");
		p->sem_offset = p->semaphore - ph->p_vaddr + ph->p_offset;
	}
	p->provider = keep_string(r, strs[0]);
	p->name = keep_string(r, strs[1]);
	p->args = keep_string(r, strs[2]);
	if (!p->provider || !p->name || !p->args)
		return fail(r, -EINVAL, "stapsdt strings larger than their section");
	p->nargs = usdt_parse_args(f->arch, p->args, p->argv, USDT_MAX_ARGS);
	if (p->nargs < 0) {
		p->args_error = p->nargs;
		p->nargs = -1;
	}
	f->count++;
	return 0;
}

static int read_notes(struct reader *r, const unsigned char *buf, uint64_t size)
{
	uint64_t off = 0;
	int err;

	while (off < size) {
		uint64_t namesz, descsz, type, name_off, desc_off, next;

		if (size - off < 12)
			return fail(r, -EINVAL, "truncated note header");
		/* Note headers are 32-bit words in both ELF classes. */
		namesz = get_uint(r, buf + off, 4);
		descsz = get_uint(r, buf + off + 4, 4);
		type = get_uint(r, buf + off + 8, 4);
		name_off = off + 12;
		if ((namesz + 3) / 4 * 4 > size - name_off)
			return fail(r, -EINVAL, "note name runs past its section");
		desc_off = name_off + (namesz + 3) / 4 * 4;
		if (descsz > size - desc_off)
			return fail(r, -EINVAL, "note descriptor runs past its section");
		next = desc_off + (descsz + 3) / 4 * 4;
		if (type == NT_STAPSDT && namesz == 8 && !memcmp(buf + name_off, "stapsdt", 8)) {
			err = add_probe(r, buf + desc_off, descsz);
			if (err)
				return err;
		}
		off = next; /* may step past size when the last note's padding is missing */
	}
	return 0;
}

static int load_segments(struct reader *r)
{
	size_t n;

	if (elf_getphdrnum(r->elf, &n))
		return fail(r, -EINVAL, "unreadable program headers");
	r->load = calloc(n ? n : 1, sizeof(*r->load));
	if (!r->load)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(r->elf, (int)i, &ph))
			return fail(r, -EINVAL, "unreadable program header");
		if (ph.p_type != PT_LOAD)
			continue;
		if (ph.p_filesz > ph.p_memsz || ph.p_vaddr + ph.p_memsz < ph.p_vaddr)
			return fail(r, -EINVAL, "PT_LOAD with impossible sizes");
		if (ph.p_offset > r->file_size || ph.p_filesz > r->file_size - ph.p_offset)
			return fail(r, -EINVAL, "truncated file: a segment runs past its end");
		r->load[r->nload++] = ph;
	}
	return 0;
}

/* Finds .stapsdt.base and sizes the string store from the note sections. */
static int scan_sections(struct reader *r, bool *has_notes)
{
	Elf_Scn *scn = NULL;
	uint64_t total = 0;

	*has_notes = false;
	/* libelf quietly shows no sections when their table is cut off: say it. */
	{
		GElf_Ehdr eh;

		if (!gelf_getehdr(r->elf, &eh))
			return fail(r, -EINVAL, "unreadable ELF header");
		if (eh.e_shoff > r->file_size ||
		    (uint64_t)eh.e_shnum * eh.e_shentsize > r->file_size - eh.e_shoff)
			return fail(r, -EINVAL, "truncated file: section headers past its end");
	}
	if (elf_getshdrstrndx(r->elf, &r->shstrndx))
		return fail(r, -EINVAL, "unreadable section header string table");
	while ((scn = elf_nextscn(r->elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			return fail(r, -EINVAL, "unreadable section header");
		name = elf_strptr(r->elf, r->shstrndx, sh.sh_name);
		if (!name)
			continue;
		if (!strcmp(name, ".stapsdt.base")) {
			r->f->has_base = true;
			r->f->base_addr = sh.sh_addr;
		} else if (sh.sh_type == SHT_NOTE && !strcmp(name, ".note.stapsdt")) {
			*has_notes = true;
			if (sh.sh_size > (1ull << 30) || total + sh.sh_size > (1ull << 30))
				return fail(r, -EINVAL, "absurdly large .note.stapsdt section");
			total += sh.sh_size;
		}
	}
	r->strings_cap = (size_t)total;
	r->f->strings = malloc(total ? (size_t)total : 1);
	return r->f->strings ? 0 : -ENOMEM;
}

static int walk_notes(struct reader *r)
{
	Elf_Scn *scn = NULL;
	int err;

	while ((scn = elf_nextscn(r->elf, scn))) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		name = elf_strptr(r->elf, r->shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".note.stapsdt"))
			continue;
		/* Raw bytes: libelf checks they lie inside the file; we do the rest. */
		d = elf_rawdata(scn, NULL);
		if (!d || (sh.sh_size && !d->d_buf) || d->d_size > sh.sh_size)
			return fail(r, -EINVAL, ".note.stapsdt lies outside the file");
		err = read_notes(r, d->d_buf, d->d_size);
		if (err)
			return err;
	}
	return 0;
}

/* Symbolic operands (counter(%rip), $table+8) get their link-time address. */
static void resolve_symbols(struct reader *r)
{
	for (size_t i = 0; i < r->f->count; i++) {
		struct usdt_probe *p = &r->f->probes[i];

		for (int k = 0; k < p->nargs; k++) {
			struct usdt_arg *a = &p->argv[k];
			GElf_Sym s;

			if (!a->symbol[0] || strlen(a->symbol) + 1 >= sizeof(a->symbol))
				continue;
			if (!elfr_sym_find(r->elf, a->symbol, ELFR_SYMTAB_FIRST, &s)) {
				a->address = s.st_value + (uint64_t)a->offset;
				a->unresolved = false;
			}
		}
	}
}

static int load(Elf *elf, uint64_t size, const char *name, struct usdt_file **out,
		const char **why)
{
	struct reader r = { .elf = elf, .file_size = size };
	GElf_Ehdr eh;
	bool has_notes;
	int err;

	*out = NULL;
	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
		err = fail(&r, -ENOEXEC, "not an ELF file");
		goto out;
	}
	if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN) {
		err = fail(&r, -ENOEXEC, "not an executable or shared object");
		goto out;
	}
	r.big_endian = eh.e_ident[EI_DATA] == ELFDATA2MSB;
	r.word = eh.e_ident[EI_CLASS] == ELFCLASS64 ? 8 : 4;
	r.f = calloc(1, sizeof(*r.f));
	if (!r.f) {
		err = -ENOMEM;
		goto out;
	}
	r.f->elf_type = eh.e_type;
	if (eh.e_machine == EM_X86_64 && r.word == 8) {
		r.f->arch = USDT_ARCH_X86_64;
	} else if (eh.e_machine == EM_AARCH64 && r.word == 8) {
		r.f->arch = USDT_ARCH_AARCH64;
	} else {
		err = fail(&r, -ENOEXEC, "unsupported machine (x86_64 and aarch64 only)");
		goto out;
	}
	r.f->path = strdup(name ? name : "");
	if (!r.f->path) {
		err = -ENOMEM;
		goto out;
	}
	err = load_segments(&r);
	if (!err)
		err = scan_sections(&r, &has_notes);
	if (!err && has_notes)
		err = walk_notes(&r);
	if (!err)
		resolve_symbols(&r);
out:
	free(r.load);
	if (err) {
		usdt_free(r.f);
		if (why)
			*why = r.why ? r.why : NULL;
		return err;
	}
	*out = r.f;
	return 0;
}

int usdt_open(const char *path, struct usdt_file **out, const char **why)
{
	struct stat st = { 0 };
	Elf *elf;
	int fd, err;

	if (why)
		*why = NULL;
	*out = NULL;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return -ENOSYS;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		err = S_ISDIR(st.st_mode) ? -EISDIR : -ENOEXEC;
		close(fd);
		if (why)
			*why = err == -EISDIR ? NULL : "not a regular file";
		return err;
	}
	/* ELF_C_READ reads what it needs; no mapping that a shrinking file could fault. */
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf) {
		close(fd);
		if (why)
			*why = "not an ELF file";
		return -ENOEXEC;
	}
	err = load(elf, (uint64_t)st.st_size, path, out, why);
	elf_end(elf);
	close(fd);
	return err;
}

int usdt_open_mem(const void *buf, size_t len, const char *name, struct usdt_file **out,
		  const char **why)
{
	char *copy;
	Elf *elf;
	int err;

	if (why)
		*why = NULL;
	*out = NULL;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return -ENOSYS;
	copy = malloc(len ? len : 1);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, buf, len);
	elf = elf_memory(copy, len);
	if (!elf) {
		free(copy);
		if (why)
			*why = "not an ELF file";
		return -ENOEXEC;
	}
	err = load(elf, len, name, out, why);
	elf_end(elf);
	free(copy);
	return err;
}

void usdt_free(struct usdt_file *f)
{
	if (!f)
		return;
	free(f->probes);
	free(f->strings);
	free(f->path);
	free(f);
}
