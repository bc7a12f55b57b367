// The number a float32 value is written as in the result document: the
// fewest significant digits p (1..9) whose correctly rounded p-digit decimal
// reads back as the same float32, returned as the double nearest to that
// decimal (the JSON printer then writes exactly those digits).
//
// The straightforward search (snprintf "%.*g" then strtof, for p = 1..9)
// is what this must equal bit for bit; it is also what it falls back to
// outside the fast path. The fast path exists because the search is slow
// in WebAssembly, where musl's strtof works in software 128-bit floats: a
// document with a few thousand float32 values took a quarter of a second.
// The fast path uses exact integer arithmetic on the float's value (which
// fits in 128 bits for 2^-17 <= |f| < 2^128), so it decides every rounding
// and every round trip exactly, ties included.
#pragma once

namespace rungs::result {

// `f` finite and not a whole number (callers print those as they are).
double shortest_float32_decimal(float f);

// The reference search, kept for the fallback and for tests.
double shortest_float32_decimal_reference(float f);

}  // namespace rungs::result
