/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * C++ names as people read them (-C, --demangle): the Itanium C++ ABI's mangled symbol names
 * (`_ZN7myclass4Fi_iEi`) turned into `myclass::Fi_i(int)` by libstdc++'s own demangler
 * (abi::__cxa_demangle, the one c++filt's output agrees with), linked by the tools that use it.
 */
#pragma once

/*
 * NAME demangled, or NAME itself when it is not a mangled C++ name or cannot be demangled
 * (or memory runs out).  Results are kept until demangle_reset(), keyed by the name, so each
 * name is demangled once.  NULL: NULL.
 */
const char *demangle_name(const char *name);
/* Every kept result freed. */
void demangle_reset(void);
