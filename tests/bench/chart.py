#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""make bench: the suite's rows (suite-rows.json, written by tests/bench/suite.sh) as an SVG chart
and as markdown.

    chart.py ROWS.json OUT.svg OUT.md

The chart: one group of horizontal bars per workload, one bar per tool, the length the marginal
overhead (how many times slower the workload runs traced, startup aside) on a log scale from 1.
A cell without figures says why (not applicable, or the tool's error).  Standard library only:
the bench runs on a bare Debian.
"""
import html
import json
import math
import sys

COLORS = {
    "strace": "#7f7f7f", "sttrace": "#1f77b4", "sttrace --bpf": "#17becf",
    "perf trace": "#9467bd", "bpftrace": "#2ca02c", "ltrace": "#8c564b",
    "lttrace": "#ff7f0e", "lttrace --bpf": "#ffbb78", "gdb": "#d62728",
}


def tools_of(rows):
    """The tools with bars, in the order of COLORS, then any other."""
    seen = set(r["tool"] for r in rows) - {"untraced"}
    return [t for t in COLORS if t in seen] + sorted(seen - set(COLORS))


def ns(x):
    """A time per event for a label."""
    if x >= 1000000:
        return f"{x / 1000000:.3g} ms"
    if x >= 1000:
        return f"{x / 1000:.3g} us"
    return f"{x:.0f} ns"


def fig(x):
    """A ratio for a label: 3 significant figures, thousands grouped."""
    if x >= 100:
        return f"{x:,.0f}"
    return f"{x:.3g}"


def chart(rows, path):
    workloads = list(dict.fromkeys(r["workload"] for r in rows))
    tools = tools_of(rows)
    by = {(r["workload"], r["tool"]): r for r in rows}
    vals = [r["marginal_overhead"] for r in rows if "marginal_overhead" in r]
    top = max([10.0] + vals)
    decades = max(1, math.ceil(math.log10(top)))
    left, width, bar, gap, head = 150, 560, 13, 3, 22
    right = 230
    height = 60 + len(workloads) * (head + len(tools) * (bar + gap) + 8) + 30
    out = []
    w = out.append
    w(f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + right}" '
      f'height="{height}" font-family="sans-serif" font-size="11">')
    w(f'<rect width="100%" height="100%" fill="white"/>')
    w(f'<text x="{left}" y="20" font-size="14" font-weight="bold">Tracing overhead per '
      'workload (x slower than untraced, startup subtracted, log scale)</text>')

    def xpos(v):
        return left + width * math.log10(max(v, 1.0)) / decades

    y0, y = 40, 40
    for d in range(decades + 1):
        x = left + width * d / decades
        w(f'<line x1="{x:.1f}" y1="{y0}" x2="{x:.1f}" y2="{height - 30}" stroke="#ddd"/>')
        w(f'<text x="{x:.1f}" y="{y0 - 4}" text-anchor="middle">{fig(10 ** d)}x</text>')
    for wl in workloads:
        y += head
        w(f'<text x="6" y="{y - 6}" font-weight="bold">{html.escape(wl)}</text>')
        for t in tools:
            r = by.get((wl, t))
            w(f'<text x="{left - 6}" y="{y + bar - 3}" text-anchor="end">'
              f'{html.escape(t)}</text>')
            if r is None or "error" in r:
                why = "no row" if r is None else r["error"]
                if len(why) > 90:
                    why = why[:87] + "..."
                w(f'<text x="{left + 4}" y="{y + bar - 3}" fill="#888" font-style="italic">'
                  f'{html.escape(why)}</text>')
            else:
                v = r["marginal_overhead"]
                x = xpos(v)
                w(f'<rect x="{left}" y="{y}" width="{max(x - left, 1.5):.1f}" height="{bar}" '
                  f'fill="{COLORS.get(t, "#444")}"/>')
                label = fig(v) + "x" if v > 1 else "<= 1x (within noise)"
                if v > 1 and r.get("events"):
                    label += f" ({ns(r['marginal_ns_per_event'])} an event)"
                if r.get("check", "ok") != "ok":
                    label += " (check: " + r["check"] + ")"
                w(f'<text x="{x + 4:.1f}" y="{y + bar - 3}">{html.escape(label)}</text>')
            y += bar + gap
        y += 8
    w(f'<text x="{left}" y="{height - 10}" fill="#555">Each cell: median of its runs, '
      '(t(N) - t(0)) / (N x untraced cost of one iteration); build/bench/results.json has the '
      'figures.</text>')
    w("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def markdown(rows, path):
    workloads = list(dict.fromkeys(r["workload"] for r in rows))
    tools = tools_of(rows)
    by = {(r["workload"], r["tool"]): r for r in rows}
    out = ["", "## The suite: overhead x (startup subtracted), every tool on every workload", ""]
    out.append("| workload | " + " | ".join(tools) + " |")
    out.append("| --- " * (len(tools) + 1) + "|")
    for wl in workloads:
        cells = []
        for t in tools:
            r = by.get((wl, t), {"error": "no row"})
            if "error" in r:
                cells.append("n/a" if r["error"].startswith("not applicable") else "error")
            else:
                v = r["marginal_overhead"]
                cells.append((fig(v) if v > 1 else "<= 1 (noise)") +
                             ("" if r.get("check", "ok") == "ok" else " (check!)"))
        out.append(f"| {wl} | " + " | ".join(cells) + " |")
    out += ["", "| workload | tool | mode | N | median s | startup s | overhead x "
            "(startup included) | marginal x | events | ns/event, startup subtracted | "
            "check or why not |", "| --- " * 11 + "|"]
    for r in rows:
        if "error" in r:
            why = r["error"].replace("|", "\\|")
            out.append(f"| {r['workload']} | {r['tool']} | {r['mode']} | | | | | | | | {why} |")
        else:
            out.append(f"| {r['workload']} | {r['tool']} | {r['mode']} | {r['n']} | "
                       f"{r['median_s']:.4f} | {r['startup_s']:.3f} | {r['overhead']:.2f} | "
                       f"{r['marginal_overhead']:.2f} | {r['events']} | "
                       f"{r['marginal_ns_per_event']} | {r['check']} |")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: chart.py ROWS.json OUT.svg OUT.md")
    with open(sys.argv[1]) as f:
        rows = json.load(f)
    chart(rows, sys.argv[2])
    markdown(rows, sys.argv[3])


if __name__ == "__main__":
    main()
