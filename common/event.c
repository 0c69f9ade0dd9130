// SPDX-License-Identifier: LGPL-2.1-or-later
/* The writers of the event model (see event.h). */
#include <stdbool.h>
#include <string.h>

#include "common/event.h"
#include "common/json.h"

void event_write_text(struct strbuf *sb, const struct event *ev)
{
	bool ret = ev->kind == EVENT_PROBE_RETURN;

	sb_puts(sb, "--- ");
	sb_puts(sb, ev->source);
	sb_putc(sb, ':');
	sb_puts(sb, ev->name);
	sb_puts(sb, ret ? " = " : "(");
	sb_write(sb, ev->text, ev->len);
	sb_puts(sb, ret ? " ---\n" : ") ---\n");
}

void event_write_json(struct strbuf *sb, const struct event *ev)
{
	json_record_begin(sb, ev->source, ev->tid, NULL);
	sb_puts(sb, ",\"probe\":");
	json_put_string(sb, ev->name, strlen(ev->name));
	if (ev->kind == EVENT_PROBE_RETURN) {
		sb_puts(sb, ",\"ret\":");
		json_put_string(sb, ev->text, ev->len);
	} else {
		sb_puts(sb, ",\"args\":");
		json_put_args(sb, ev->text, ev->len);
	}
	sb_putc(sb, '}');
}
