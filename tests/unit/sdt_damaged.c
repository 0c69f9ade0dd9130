// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The note reader on hostile input.  Starts from this very program (it carries probes of its
 * own), checks that the intact file reads right -- the byte at each probe's file offset is the
 * nop, the semaphore's is a zero counter -- then damages it in the ways the issue names
 * (truncation, unterminated strings, absurd sizes, bad offsets) plus a few thousand random
 * byte flips, and requires an error, never a crash (run it under `make SANITIZE=1` too).
 * With SDT_DAMAGED_DIR set, the targeted damages are also written there as files, for
 * tests/sh/probe/sdt-damaged.sh to feed to `sdt list`.
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdt.h"
#include "sdt/usdt.h"

SDT_DEFINE_SEMAPHORE(sdt_damaged, guarded);

static unsigned char *image;
static size_t image_len;
static size_t note_off, note_size, note_shdr; /* .note.stapsdt: data, size, its header */
static int failed;

static int try(const unsigned char *buf, size_t len, const char *what)
{
	struct usdt_file *f;
	const char *why;
	int err = usdt_open_mem(buf, len, what, &f, &why);
	const char *dir = getenv("SDT_DAMAGED_DIR");

	if (!err)
		usdt_free(f);
	if (dir && what[0] != '~') {
		char path[4096];
		FILE *fp;

		snprintf(path, sizeof(path), "%s/%s", dir, what);
		fp = fopen(path, "w");
		if (fp) {
			fwrite(buf, 1, len, fp);
			fclose(fp);
		}
	}
	return err;
}

static void expect_error(unsigned char *buf, size_t len, const char *what)
{
	int err = try(buf, len, what);

	if (err == 0) {
		printf("FAIL %s: accepted\n", what);
		failed++;
	} else {
		printf("ok   %s: %s\n", what, strerror(-err));
	}
}

static void find_note_section(void)
{
	Elf64_Ehdr eh;
	Elf64_Shdr sh, strsh;

	memcpy(&eh, image, sizeof(eh));
	memcpy(&strsh, image + eh.e_shoff + (size_t)eh.e_shstrndx * eh.e_shentsize, sizeof(strsh));
	for (size_t i = 0; i < eh.e_shnum; i++) {
		size_t at = eh.e_shoff + i * eh.e_shentsize;

		memcpy(&sh, image + at, sizeof(sh));
		if (!strcmp((char *)image + strsh.sh_offset + sh.sh_name, ".note.stapsdt")) {
			note_off = sh.sh_offset;
			note_size = sh.sh_size;
			note_shdr = at;
		}
	}
}

static unsigned char *copy(void)
{
	unsigned char *b = malloc(image_len);

	if (!b)
		abort();
	memcpy(b, image, image_len);
	return b;
}

static void put32(unsigned char *p, unsigned int v)
{
	memcpy(p, &v, 4);
}

static void put64(unsigned char *p, unsigned long long v)
{
	memcpy(p, &v, 8);
}

int main(int argc, char **argv)
{
	struct usdt_file *f;
	unsigned char *b;
	unsigned int seed = 12345;
	FILE *fp = fopen("/proc/self/exe", "r");
	long n;
	int err, found = 0;

	if (SDT_PROBE_ENABLED(sdt_damaged, guarded))
		SDT_SEM_PROBE1(sdt_damaged, guarded, argc);
	DTRACE_PROBE2(sdt_damaged, plain, argc, argv);

	if (!fp || fseek(fp, 0, SEEK_END) || (n = ftell(fp)) <= 0)
		return 2;
	image_len = (size_t)n;
	image = malloc(image_len);
	rewind(fp);
	if (!image || fread(image, 1, image_len, fp) != image_len)
		return 2;
	fclose(fp);

	/* The intact file. */
	err = usdt_open_mem(image, image_len, "self", &f, NULL);
	if (err) {
		printf("FAIL intact file: %s\n", strerror(-err));
		return 1;
	}
	for (size_t i = 0; i < f->count; i++) {
		struct usdt_probe *p = &f->probes[i];

		if (strcmp(p->provider, "sdt_damaged"))
			continue;
		found++;
		if (p->pc_offset >= image_len || image[p->pc_offset] != 0x90) {
			printf("FAIL %s: no nop at file offset 0x%llx\n", p->name,
			       (unsigned long long)p->pc_offset);
			failed++;
		}
		if (!strcmp(p->name, "guarded") &&
		    (!p->semaphore || p->sem_offset + 2 > image_len || image[p->sem_offset] ||
		     image[p->sem_offset + 1])) {
			printf("FAIL guarded: semaphore 0x%llx at offset 0x%llx\n",
			       (unsigned long long)p->semaphore, (unsigned long long)p->sem_offset);
			failed++;
		}
	}
	usdt_free(f);
	if (found != 2) {
		printf("FAIL found %d of our 2 probes\n", found);
		return 1;
	}
	find_note_section();
	if (!note_size) {
		printf("FAIL no .note.stapsdt found by hand\n");
		return 1;
	}
	printf("ok   intact: 2 probes, nops and semaphore where the offsets say\n");

	/* Targeted damage (the first note starts at note_off: namesz, descsz, type, "stapsdt"). */
	b = copy();
	put32(b + note_off, 0xffffffffu);
	expect_error(b, image_len, "namesz-huge");
	free(b);

	b = copy();
	put32(b + note_off + 4, 0xfffffff0u);
	expect_error(b, image_len, "descsz-huge");
	free(b);

	b = copy();
	put32(b + note_off + 4, 20); /* room for the addresses, not the strings */
	expect_error(b, image_len, "descsz-short");
	free(b);

	b = copy();
	{
		unsigned int descsz;

		memcpy(&descsz, b + note_off + 4, 4);
		/* Strings after the three addresses: no NUL anywhere up to the end. */
		memset(b + note_off + 20 + 24, 'A', descsz - 24);
	}
	expect_error(b, image_len, "unterminated-strings");
	free(b);

	b = copy();
	put64(b + note_off + 20, 0xdead0000beefULL); /* pc */
	expect_error(b, image_len, "pc-outside-segments");
	free(b);

	b = copy();
	put64(b + note_off + 20 + 16, 0x7fff00000000ULL); /* semaphore */
	expect_error(b, image_len, "semaphore-outside-segments");
	free(b);

	b = copy();
	put64(b + note_shdr + 24, (unsigned long long)image_len + 4096); /* sh_offset */
	expect_error(b, image_len, "section-offset-past-eof");
	free(b);

	b = copy();
	put64(b + note_shdr + 32, 1ULL << 62); /* sh_size */
	expect_error(b, image_len, "section-size-absurd");
	free(b);

	b = copy();
	put32(b + note_off + note_size - 4, 0x41414141); /* last word of the last note */
	try(b, image_len, "last-note-tail");
	free(b);

	expect_error(image, note_off + note_size / 2, "truncated-in-notes");
	expect_error(image, 40, "truncated-header");

	/* Every truncation length on a coarse grid, and around the note section finely. */
	for (size_t len = 0; len < image_len; len += image_len / 509 + 1)
		try(image, len, "~trunc");
	for (size_t len = note_off; len < note_off + note_size && len < image_len; len++)
		try(image, len, "~trunc");

	/* Random flips: inside the notes, then anywhere. */
	for (int i = 0; i < 20000; i++) {
		b = copy();
		for (int k = 0; k < 1 + i % 8; k++) {
			seed = seed * 1103515245u + 12345u;
			b[note_off + (seed >> 8) % note_size] ^= (unsigned char)(1u << (seed % 8));
		}
		try(b, image_len, "~flip-note");
		free(b);
	}
	for (int i = 0; i < 2000; i++) {
		b = copy();
		for (int k = 0; k < 4; k++) {
			seed = seed * 1103515245u + 12345u;
			b[(seed >> 4) % image_len] = (unsigned char)seed;
		}
		try(b, image_len, "~flip-any");
		free(b);
	}
	printf("random damage: survived\n%d failed\n", failed);
	free(image);
	return failed ? 1 : 0;
}
