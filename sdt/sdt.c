// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * `sdt`: the USDT front end.  Subcommands come from one table (bpftool's shape, with prefix
 * matching); today there is `list`.  Everything it prints comes from libsdt (usdt.h), which
 * does the reading and decoding; this file only chooses files, filters, and formats text or
 * JSON.  Errors are one line, `sdt: WHAT: WHY`, and a non-zero exit status.
 */
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/proc.h"
#include "common/maps.h"
#include "sdt/usdt.h"
#include "common/log.h"

struct list_opts {
	bool verbose, json;
	int pid;
	char **patterns;
	int npatterns;
	/* -p: the process's file mappings, for runtime addresses */
	struct mapping *maps;
	int nmaps;
	bool first_file;
};

static void usage(FILE *out)
{
	fprintf(out,
		"usage: sdt list [-v] [--json] FILE... [PROVIDER:NAME...]\n"
		"       sdt list [-v] [--json] -p PID [PROVIDER:NAME...]\n"
		"\n"
		"List the USDT (stapsdt) probes of ELF files or of every object a process maps.\n"
		"  -v, --verbose   decode each argument's location\n"
		"  -j, --json      one JSON document (schema in sdt/README.md)\n"
		"  -p, --pid PID   the objects mapped by process PID\n"
		"Patterns are shell globs on PROVIDER:NAME (a pattern without ':' matches NAME).\n");
}

static void json_str(const char *s)
{
	putchar('"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			printf("\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			printf("\\u%04x", *p);
		else
			putchar(*p);
	}
	putchar('"');
}

static bool matches(const struct list_opts *o, const struct usdt_probe *p)
{
	char full[512];

	if (!o->npatterns)
		return true;
	snprintf(full, sizeof(full), "%s:%s", p->provider, p->name);
	for (int i = 0; i < o->npatterns; i++) {
		const char *pat = o->patterns[i];

		if (!fnmatch(pat, full, 0) || (!strchr(pat, ':') && !fnmatch(pat, p->name, 0)))
			return true;
	}
	return false;
}

static void json_arg(const struct usdt_file *f, const struct usdt_probe *p,
		     const struct usdt_arg *a)
{
	char desc[512];

	usdt_arg_describe(f->arch, a, desc, sizeof(desc));
	printf("{\"spec\":\"%.*s\",", (int)a->text_len, p->args + a->text_off);
	printf("\"size\":%d,\"signed\":%s,\"float\":%s,\"kind\":\"%s\",", a->size,
	       a->is_signed ? "true" : "false", a->is_float ? "true" : "false",
	       usdt_loc_name(a->kind));
	if (a->reg >= 0)
		printf("\"reg\":\"%s\",\"reg_name\":\"%s\",\"reg_dwarf\":%d,\"reg_width\":%d,"
		       "\"reg_shift\":%d,",
		       usdt_reg_name(f->arch, a->reg), a->reg_name, a->reg, a->reg_width,
		       a->reg_shift);
	else
		printf("\"reg\":null,");
	if (a->index >= 0)
		printf("\"index\":\"%s\",\"scale\":%d,", usdt_reg_name(f->arch, a->index), a->scale);
	printf("\"offset\":%" PRId64 ",", a->offset);
	if (a->symbol[0]) {
		printf("\"symbol\":");
		json_str(a->symbol);
		if (a->unresolved)
			printf(",\"address\":null,");
		else
			printf(",\"address\":%" PRIu64 ",", a->address);
	} else {
		printf("\"symbol\":null,\"address\":null,");
	}
	printf("\"description\":");
	json_str(desc);
	putchar('}');
}

static void print_json(struct list_opts *o, const struct usdt_file *f)
{
	bool first = true;

	printf("%s{\"path\":", o->first_file ? "" : ",");
	o->first_file = false;
	json_str(f->path);
	printf(",\"arch\":\"%s\",\"type\":\"%s\",", usdt_arch_name(f->arch),
	       f->elf_type == 2 /* ET_EXEC */ ? "exec" : "dyn");
	if (f->has_base)
		printf("\"base\":%" PRIu64 ",", f->base_addr);
	else
		printf("\"base\":null,");
	printf("\"probes\":[");
	for (size_t i = 0; i < f->count; i++) {
		const struct usdt_probe *p = &f->probes[i];

		if (!matches(o, p))
			continue;
		printf("%s{\"provider\":", first ? "" : ",");
		first = false;
		json_str(p->provider);
		printf(",\"name\":");
		json_str(p->name);
		printf(",\"address\":%" PRIu64 ",\"offset\":%" PRIu64 ",\"semaphore\":%" PRIu64
		       ",\"semaphore_offset\":%" PRIu64 ",\"note_address\":%" PRIu64
		       ",\"note_base\":%" PRIu64 ",",
		       p->pc, p->pc_offset, p->semaphore, p->sem_offset, p->note_pc, p->base);
		if (o->pid) {
			uint64_t rt = maps_file_addr(o->maps, o->nmaps, f->path, p->pc_offset);

			if (rt)
				printf("\"runtime_address\":%" PRIu64 ",", rt);
			else
				printf("\"runtime_address\":null,");
		}
		printf("\"args\":");
		json_str(p->args);
		if (p->nargs < 0) {
			printf(",\"arguments\":null,\"args_error\":");
			json_str(strerror(-p->args_error));
		} else {
			printf(",\"arguments\":[");
			for (int k = 0; k < p->nargs; k++) {
				if (k)
					putchar(',');
				json_arg(f, p, &p->argv[k]);
			}
			printf("],\"args_error\":null");
		}
		putchar('}');
	}
	printf("]}");
}

static void print_text(struct list_opts *o, const struct usdt_file *f)
{
	int wp = 8, wn = 4;
	size_t shown = 0;

	for (size_t i = 0; i < f->count; i++) {
		const struct usdt_probe *p = &f->probes[i];

		if (!matches(o, p))
			continue;
		shown++;
		if ((int)strlen(p->provider) > wp)
			wp = (int)strlen(p->provider);
		if ((int)strlen(p->name) > wn)
			wn = (int)strlen(p->name);
	}
	if (o->pid && !shown)
		return; /* -p: only the objects that have something to show */
	printf("%s%s:%s\n", o->first_file ? "" : "\n", f->path, shown ? "" : " no probes");
	o->first_file = false;
	if (!shown)
		return;
	printf("  %-*s %-*s %-18s %-10s %-18s %s\n", wp, "PROVIDER", wn, "NAME", "ADDRESS",
	       "OFFSET", "SEMAPHORE", "ARGS");
	for (size_t i = 0; i < f->count; i++) {
		const struct usdt_probe *p = &f->probes[i];
		char sem[24] = "-";

		if (!matches(o, p))
			continue;
		if (p->semaphore)
			snprintf(sem, sizeof(sem), "0x%" PRIx64, p->semaphore);
		printf("  %-*s %-*s 0x%-16" PRIx64 " 0x%-8" PRIx64 " %-18s %s\n", wp, p->provider,
		       wn, p->name, p->pc, p->pc_offset, sem, p->args);
		if (!o->verbose)
			continue;
		if (o->pid) {
			uint64_t rt = maps_file_addr(o->maps, o->nmaps, f->path, p->pc_offset);

			if (rt)
				printf("      runtime address 0x%" PRIx64 "\n", rt);
		}
		if (p->semaphore)
			printf("      semaphore at file offset 0x%" PRIx64 "\n", p->sem_offset);
		if (p->nargs < 0) {
			printf("      arguments not decoded: %s\n", strerror(-p->args_error));
			continue;
		}
		for (int k = 0; k < p->nargs; k++) {
			char desc[512], label[16];

			usdt_arg_describe(f->arch, &p->argv[k], desc, sizeof(desc));
			snprintf(label, sizeof(label), "arg%d", k + 1);
			printf("      %-5s %-24.*s %s\n", label, (int)p->argv[k].text_len,
			       p->args + p->argv[k].text_off, desc);
		}
	}
}

/*
 * Returns 0, or 1 after printing why PATH could not be read.  With SKIP_NON_ELF, a file that
 * is not an ELF object is passed over in silence (-p: processes map data files too).
 */
static int list_file(struct list_opts *o, const char *path, const char *display,
		     bool skip_non_elf)
{
	struct usdt_file *f;
	const char *why;
	int err = usdt_open(path, &f, &why);

	if (err == -ENOEXEC && skip_non_elf)
		return 0;
	if (err) {
		fprintf(stderr, "sdt: %s: %s\n", display, why ? why : strerror(-err));
		return 1;
	}
	free(f->path);
	f->path = strdup(display);
	if (!f->path) {
		usdt_free(f);
		fprintf(stderr, "sdt: %s: %s\n", display, strerror(ENOMEM));
		return 1;
	}
	if (o->json)
		print_json(o, f);
	else
		print_text(o, f);
	usdt_free(f);
	return 0;
}

static int list_pid(struct list_opts *o)
{
	int rc = 0;

	o->nmaps = maps_read(o->pid, MAPS_FILES, &o->maps);
	if (o->nmaps < 0) {
		int err = o->nmaps;
		o->nmaps = 0;
		fprintf(stderr, "sdt: pid %d: %s\n", o->pid,
			err == -ENOENT ? strerror(ESRCH) : strerror(-err));
		return 1;
	}
	for (int i = 0; i < o->nmaps; i++) {
		char root[PATH_MAX];
		bool seen = false;

		for (int j = 0; j < i && !seen; j++)
			seen = !strcmp(o->maps[j].path, o->maps[i].path);
		if (seen)
			continue;
		/* Through /proc/PID/root, so a process in another mount namespace works too. */
		snprintf(root, sizeof(root), "/proc/%d/root%s", proc_pid(o->pid), o->maps[i].path);
		if (access(root, R_OK))
			continue; /* devices, special files: nothing of ours */
		rc |= list_file(o, root, o->maps[i].path, true);
	}
	return rc;
}

static bool is_pattern(const char *arg)
{
	struct stat st;

	return (strchr(arg, ':') || strpbrk(arg, "*?[")) && stat(arg, &st);
}

static int do_list(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "verbose", no_argument, NULL, 'v' },
		{ "json", no_argument, NULL, 'j' },
		{ "pid", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct list_opts o = { .first_file = true };
	char **files;
	int nfiles = 0, c, rc = 0;
	char *end;
	long pid;

	while ((c = getopt_long(argc, argv, "vjp:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'v':
			o.verbose = true;
			break;
		case 'j':
			o.json = true;
			break;
		case 'p':
			errno = 0;
			pid = strtol(optarg, &end, 10);
			if (errno || *end || pid <= 0 || pid > INT_MAX) {
				fprintf(stderr, "sdt: -p %s: not a process id\n", optarg);
				return 1;
			}
			o.pid = (int)pid;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 1;
		}
	}
	files = calloc((size_t)argc + 1, sizeof(*files));
	o.patterns = calloc((size_t)argc + 1, sizeof(*o.patterns));
	if (!files || !o.patterns) {
		fprintf(stderr, "sdt: %s\n", strerror(ENOMEM));
		free(files);
		free(o.patterns);
		return 1;
	}
	for (int i = optind; i < argc; i++) {
		if (is_pattern(argv[i]) || o.pid)
			o.patterns[o.npatterns++] = argv[i];
		else
			files[nfiles++] = argv[i];
	}
	if (!o.pid && !nfiles) {
		usage(stderr);
		rc = 1;
		goto out;
	}
	if (o.json)
		printf(o.pid ? "{\"pid\":%d,\"files\":[" : "{\"files\":[", o.pid);
	if (o.pid)
		rc = list_pid(&o);
	for (int i = 0; i < nfiles; i++)
		rc |= list_file(&o, files[i], files[i], false);
	if (o.json)
		printf("]}\n");
out:
	free(o.maps);
	free(files);
	free(o.patterns);
	return rc;
}

static int do_help(int argc, char **argv)
{
	usage(stdout);
	return 0;
}

static const struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
} commands[] = {
	{ "list", do_list },
	{ "help", do_help },
};

int main(int argc, char **argv)
{
	const struct cmd *found = NULL;

	log_init("sdt"); /* what the libraries say comes as "sdt: ..." */
	if (argc < 2) {
		usage(stderr);
		return 1;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))
		return do_help(argc, argv);
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (!strncmp(commands[i].name, argv[1], strlen(argv[1]))) {
			if (found) {
				fprintf(stderr, "sdt: %s: ambiguous command\n", argv[1]);
				return 1;
			}
			found = &commands[i];
		}
	}
	if (!found) {
		fprintf(stderr, "sdt: %s: unknown command (try: sdt help)\n", argv[1]);
		return 1;
	}
	return found->fn(argc - 1, argv + 1);
}
