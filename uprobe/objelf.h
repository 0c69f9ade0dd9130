/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the tracers need of an object file's ELF (objelf.c), read once per path and cached:
 * defined functions (IFUNCs marked), imported functions, the GOT relocations that an IFUNC's
 * choice lands in, soname and first PT_LOAD; and an object as mapped in a process (its load
 * bias and address range), built from /proc/PID/maps.  Used by lttrace (which functions get
 * probes, and where) and by sttrace's -e uprobe= (IFUNCs, ifunc.h).  Library code: -errno,
 * no output.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct mapping;

struct uprobe_sym {
	const char *name;
	uint64_t vaddr;
	bool ifunc;            /* STT_GNU_IFUNC: vaddr is the resolver */
};

struct uprobe_reloc {
	uint64_t slot;         /* link-time address of the GOT slot */
	uint64_t addend;       /* IRELATIVE: the resolver */
	const char *name;      /* JUMP_SLOT, GLOB_DAT, 64: the symbol; NULL for IRELATIVE */
};

struct uprobe_elf {
	char *path;
	char *soname;          /* DT_SONAME, or the file's base name */
	bool is_exec;          /* ET_EXEC or a PIE with an interpreter */
	bool is_static;        /* no PT_INTERP and no PT_DYNAMIC */
	uint64_t load_vaddr;   /* of the PT_LOAD with the lowest address (page aligned) */
	uint64_t load_off;     /* its file offset (page aligned) */
	struct uprobe_sym *syms; /* defined functions, sorted by name */
	size_t nsyms;
	char **imports;        /* undefined function symbols of .dynsym, weak ones last */
	size_t nimports;
	size_t nstrong;        /* imports[0..nstrong): not weak */
	struct uprobe_reloc *relocs;
	size_t nrelocs;
	char *strings;         /* storage */
};

/* The object at PATH (cached); NULL with -errno in *ERR. */
struct uprobe_elf *uprobe_elf_get(const char *path, int *err);
const struct uprobe_sym *uprobe_elf_find(const struct uprobe_elf *e, const char *name);
/* Does E import NAME strongly (not as a weak symbol)? */
bool uprobe_elf_strong_import(const struct uprobe_elf *e, const char *name);
void uprobe_elf_free_all(void);

/* An object file as mapped in a process. */
struct uprobe_obj {
	char path[256];
	struct uprobe_elf *elf;
	uint64_t lo, hi;       /* from its first mapping to the end of its last */
	uint64_t bias;         /* runtime address - link-time address */
	bool is_main;          /* the program (/proc/PID/exe) */
	bool gone;             /* unmapped since (dlclose) */
};

/*
 * Mapping I of M (NM of them) as an object, when it is the first mapping of its file in M:
 * 0 with *O filled, -EEXIST when an earlier mapping has the file, or -errno when the file
 * cannot be read as ELF.  EXE: the program's path (is_main).
 */
int uprobe_obj_from_maps(const struct mapping *m, int nm, int i, const char *exe,
			 struct uprobe_obj *o);
/*
 * Every object of PID whose mappings are M (NM): a malloc'd array in *OUT, the count or
 * -errno.  Files that are not ELF are left out.
 */
int uprobe_objs_read(pid_t pid, const struct mapping *m, int nm, struct uprobe_obj **out);
