// A tiny puzzle shared by the checker's tests: "add one", whose reader code
// takes the constant ONE so a test can make it right or wrong.
#pragma once

#include <string>

namespace rungs::puzzle::testing {

inline const char* kSpec =
    "import jax.numpy as jnp\n"
    "def puzzle_inputs(n):\n"
    "    return (jnp.arange(n * 128, dtype=jnp.float32).reshape(n, 128),)\n"
    "def puzzle_spec(x):\n"
    "    return x + 1.0\n";
inline const char* kManifest = R"({"title": "Plus one", "entry": "plus_one", "cases": [{"n": 8}, {"n": 16}]})";

inline const char* kPlusOne =
    "import jax\n"
    "from jax.experimental import pallas as pl\n"
    "def k(x_ref, o_ref):\n"
    "    o_ref[...] = x_ref[...] + ONE\n"
    "def plus_one(x):\n"
    "    return pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)\n";

inline std::string with_one(const std::string& value) {
  return std::string("ONE = ") + value + "\n" + kPlusOne;
}

}  // namespace rungs::puzzle::testing
