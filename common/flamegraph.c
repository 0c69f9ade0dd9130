// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The flame graph writer (flamegraph.h).  Geometry: the image is WIDTH pixels wide; a frame
 * of weight w under a total T is w / T of the drawable width, placed after its elder
 * siblings, one FRAME_H row above its caller.  Row 0, at the bottom, is "all".  Frames
 * narrower than MIN_W pixels are left out (with their callees), as flamegraph.pl does, so a
 * graph of a million distinct stacks stays a readable file.  A frame's label is its name cut
 * to what fits at about 7 pixels a character, ".." marking a cut, none under 3 characters.
 * Colours come from a hash of the name (the same function, the same colour in every graph),
 * in flamegraph.pl's warm "hot" range.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/flamegraph.h"

#define WIDTH 1200.0
#define PAD 10.0
#define FRAME_H 16
#define TOP 54 /* title, note and a blank row */
#define BOTTOM 24
#define MIN_W 0.1
#define CHAR_W 7.0

static void xml_escaped(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': sb_puts(sb, "&amp;"); break;
		case '<': sb_puts(sb, "&lt;"); break;
		case '>': sb_puts(sb, "&gt;"); break;
		case '"': sb_puts(sb, "&quot;"); break;
		default:
			/* Control characters are not XML: a name from a hostile ELF file stays valid. */
			if ((unsigned char)*s < 0x20)
				sb_putc(sb, '?');
			else
				sb_putc(sb, *s);
		}
	}
}

static unsigned int name_hash(const char *s)
{
	unsigned int h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static int depth_of(const struct stacktrie_node *n, double px_per_w)
{
	int d = 0;

	for (size_t i = 0; i < n->nkids; i++)
		if ((double)n->kids[i]->total * px_per_w >= MIN_W) {
			int k = depth_of(n->kids[i], px_per_w);
			if (k > d)
				d = k;
		}
	return d + 1;
}

struct layout {
	struct strbuf *sb;
	const struct flamegraph_opts *o;
	double px_per_w;
	uint64_t grand;
	int height;
};

static void frame(const struct layout *l, const char *name, uint64_t total, double x, int depth)
{
	struct strbuf *sb = l->sb;
	double w = (double)total * l->px_per_w;
	int y = l->height - BOTTOM - (depth + 1) * FRAME_H;
	unsigned int h = name_hash(name);
	const char *unit = total == 1 ? l->o->unit : l->o->units;

	sb_puts(sb, "<g><title>");
	xml_escaped(sb, name);
	sb_printf(sb, " (%llu %s, %.2f%%)</title>", (unsigned long long)total,
		  unit ? unit : "", l->grand ? 100.0 * (double)total / (double)l->grand : 0.0);
	sb_printf(sb, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"rgb(%u,%u,%u)\" "
		      "rx=\"2\" ry=\"2\"/>",
		  x, y, w, FRAME_H - 1, 205 + h % 50, (h >> 8) % 230, (h >> 16) % 55);
	size_t fit = w > 6 ? (size_t)((w - 6) / CHAR_W) : 0, len = strlen(name);
	if (fit >= 3) {
		sb_printf(sb, "<text x=\"%.1f\" y=\"%d\">", x + 3, y + FRAME_H - 5);
		if (len <= fit) {
			xml_escaped(sb, name);
		} else {
			char cut[fit - 1];
			memcpy(cut, name, fit - 2);
			cut[fit - 2] = 0;
			xml_escaped(sb, cut);
			sb_puts(sb, "..");
		}
		sb_puts(sb, "</text>");
	}
	sb_puts(sb, "</g>\n");
}

static void node(const struct layout *l, const struct stacktrie_node *n, double x, int depth)
{
	for (size_t i = 0; i < n->nkids; i++) {
		const struct stacktrie_node *k = n->kids[i];
		double w = (double)k->total * l->px_per_w;
		if (w >= MIN_W) {
			frame(l, k->name, k->total, x, depth);
			node(l, k, x, depth + 1);
		}
		x += w;
	}
}

void flamegraph_svg(const struct stacktrie *t, const struct flamegraph_opts *o, struct strbuf *sb)
{
	uint64_t grand = t->root.total;
	double px = grand ? (WIDTH - 2 * PAD) / (double)grand : 0;
	int depth = depth_of(&t->root, px); /* "all" included */
	struct layout l = { sb, o, px, grand, TOP + depth * FRAME_H + BOTTOM };

	sb_puts(sb, "<?xml version=\"1.0\" standalone=\"no\"?>\n");
	sb_printf(sb, "<svg version=\"1.1\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		      "xmlns=\"http://www.w3.org/2000/svg\">\n",
		  (int)WIDTH, l.height, (int)WIDTH, l.height);
	sb_puts(sb, "<style>text { font-family: Verdana, sans-serif; font-size: 12px; fill: #000; }"
		    " .title { font-size: 17px; text-anchor: middle; }"
		    " .note { fill: #555; text-anchor: middle; }</style>\n");
	sb_printf(sb, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#f8f8f0\"/>\n",
		  (int)WIDTH, l.height);
	sb_printf(sb, "<text class=\"title\" x=\"%d\" y=\"24\">", (int)(WIDTH / 2));
	xml_escaped(sb, o->title ? o->title : "Flame Graph");
	sb_puts(sb, "</text>\n");
	if (o->note) {
		sb_printf(sb, "<text class=\"note\" x=\"%d\" y=\"42\">", (int)(WIDTH / 2));
		xml_escaped(sb, o->note);
		sb_puts(sb, "</text>\n");
	}
	if (grand) {
		frame(&l, "all", grand, PAD, 0);
		node(&l, &t->root, PAD, 1);
	}
	sb_puts(sb, "</svg>\n");
}

int flamegraph_write(const struct stacktrie *t, const struct flamegraph_opts *o, const char *path)
{
	struct strbuf sb = { 0 };
	FILE *f = fopen(path, "w");
	int rc = 0;

	if (!f)
		return -errno;
	flamegraph_svg(t, o, &sb);
	if (sb.len && fwrite(sb.s, 1, sb.len, f) != sb.len)
		rc = -EIO;
	if (fclose(f) != 0 && !rc)
		rc = -errno;
	sb_free(&sb);
	return rc;
}
