// Internal to core/array: finfo figures of the narrow float formats
// (float8_*, float4_e2m1fn), read by dtype.cpp's finfo functions. The
// conversions themselves are declared in dtype.h.
#pragma once

#include "core/array/dtype.h"

namespace rungs::array::narrow {

double max_value(DType t);   // largest finite value
double min_normal(DType t);  // finfo.tiny
double epsneg(DType t);
int nmant(DType t);
int nexp(DType t);
int maxexp(DType t);
int minexp(DType t);
bool has_inf(DType t);

}  // namespace rungs::array::narrow
