// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A self-describing lttrace -C test (tests/sh/lttrace-demangle.sh): C++ functions of this
 * program, traced with -x '_Z*', and on stdout the lines `lttrace -C` must print for them:
 * each name as c++filt writes it (parameters, namespaces, const, operators), the arguments
 * and results as DWARF describes them.  Without -C, the same lines with the mangled names
 * (`./demangle mangled`).
 */
#include <cstdio>
#include <cstring>

namespace shapes {
struct box {
	int w;
	int area(int h) const;
	box &operator+=(int d);
};
} // namespace shapes

__attribute__((noinline)) int shapes::box::area(int h) const
{
	return w * h;
}

__attribute__((noinline)) shapes::box &shapes::box::operator+=(int d)
{
	w += d;
	return *this;
}

__attribute__((noinline)) long twice(long x)
{
	return 2 * x;
}

__attribute__((noinline)) long twice(long x, long y)
{
	return 2 * x + y;
}

int main(int argc, char **argv)
{
	bool mangled = argc > 1 && !strcmp(argv[1], "mangled");
	shapes::box b = { 6 };
	void *p = &b;
	/* The lines, printed before the calls (the addresses are known), then the calls. */
	printf("%s(%p, 7) = 42\n", mangled ? "_ZNK6shapes3box4areaEi" : "shapes::box::area(int) const", p);
	printf("%s(%p, 1) = %p\n", mangled ? "_ZN6shapes3boxpLEi" : "shapes::box::operator+=(int)", p, p);
	printf("%s(21) = 42\n", mangled ? "_Z5twicel" : "twice(long)");
	printf("%s(20, 2) = 42\n", mangled ? "_Z5twicell" : "twice(long, long)");
	fflush(stdout);
	int r = b.area(7);
	b += 1;
	return r + (int)twice(21) + (int)twice(20, 2) == 126 ? 0 : 1;
}
