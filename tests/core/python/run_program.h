// Running a program on the Python runtime alone, for the tests in this
// folder (they link rungs_python and nothing of the JAX library).
#pragma once

#include <string>

#include "core/lang/parser.h"
#include "core/python/interpreter.h"
#include "core/python/modules.h"

namespace rungs::python::test_programs {

// stdout of a program.
inline std::string run(const std::string& src) {
  register_python_modules();
  Interpreter ip;
  ip.exec_module(lang::parse_module(src, "t.py"));
  return ip.stdout_text();
}

// "Type: message" of the error a program raises ("no error" otherwise).
inline std::string error_of(const std::string& src) {
  register_python_modules();
  Interpreter ip;
  try {
    ip.exec_module(lang::parse_module(src, "t.py"));
  } catch (const EngineError& e) {
    return e.type + ": " + e.message;
  }
  return "no error";
}

}  // namespace rungs::python::test_programs
