// Placeholder CLI entry, replaced by core/cli's real argument handling.
#include <cstdio>
#include "core/result/runner.h"
int main() { std::puts(rungs::result::errors_to_json().c_str()); }
