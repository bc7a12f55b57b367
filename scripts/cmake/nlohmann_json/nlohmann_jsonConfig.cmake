# nlohmann_json for the Emscripten build (scripts/build.sh passes
# -Dnlohmann_json_DIR=<this folder> to emcmake).
# Why a shim: Emscripten's toolchain confines find_package to its own sysroot,
# and Debian's real config would put -isystem /usr/include on wasm compiles,
# where glibc's headers would shadow Emscripten's libc. The library is
# header-only, so expose just the nlohmann/ folder through a directory that
# holds nothing else.
set(_rungs_nlohmann_src /usr/include/nlohmann)
set(_rungs_nlohmann_inc ${CMAKE_BINARY_DIR}/third_party/nlohmann_json/include)
if(NOT EXISTS ${_rungs_nlohmann_src}/json.hpp)
  message(FATAL_ERROR "nlohmann/json.hpp not found in /usr/include: run scripts/setup.sh (nlohmann-json3-dev)")
endif()
if(NOT EXISTS ${_rungs_nlohmann_inc}/nlohmann/json.hpp)
  file(MAKE_DIRECTORY ${_rungs_nlohmann_inc})
  file(CREATE_LINK ${_rungs_nlohmann_src} ${_rungs_nlohmann_inc}/nlohmann SYMBOLIC)
endif()
if(NOT TARGET nlohmann_json::nlohmann_json)
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  set_target_properties(nlohmann_json::nlohmann_json PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES ${_rungs_nlohmann_inc})
endif()
set(nlohmann_json_FOUND TRUE)
