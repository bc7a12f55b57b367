// pl / pltpu operations written in Python over jax.numpy (tpu_python_ops.cpp).
#pragma once

#include "core/python/objects.h"

namespace rungs::pallas {

using python::Value;

void add_tpu_python_ops(python::Interpreter& ip, python::ModuleObj& pltpu);
void add_pl_python_ops(python::Interpreter& ip, python::ModuleObj& pl);

}  // namespace rungs::pallas
