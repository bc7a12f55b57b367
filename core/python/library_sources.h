// Python source of the library modules written in Python (run with
// Interpreter::define_generated_module): collections' containers, enum,
// and functools' caching and wrapping helpers.
#pragma once

namespace rungs::python {

extern const char* const kCollectionsSource;  // collections_source.cpp
extern const char* const kEnumSource;         // enum_source.cpp
extern const char* const kFunctoolsSource;    // functools_source.cpp
extern const char* const kReSource;           // re_source.cpp

}  // namespace rungs::python
