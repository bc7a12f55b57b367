// Python source of the library modules written in Python (run with
// Interpreter::define_generated_module): collections' containers, enum,
// functools' caching and wrapping helpers, re and argparse.
#pragma once

namespace rungs::python {

extern const char* const kBytesSource;         // bytes_source.cpp
extern const char* const kCollectionsSource;  // collections_source.cpp
extern const char* const kEnumSource;         // enum_source.cpp
extern const char* const kFunctoolsSource;    // functools_source.cpp
extern const char* const kReSource;           // re_source.cpp
extern const char* const kArgparseSource;     // argparse_source.cpp
extern const char* const kArgparseHelpSource; // argparse_help_source.cpp (runs first)
extern const char* const kArgparseParserSource;  // argparse_parser_source.cpp (runs last)

}  // namespace rungs::python
