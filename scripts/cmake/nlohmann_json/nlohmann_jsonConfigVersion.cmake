# The installed package's own version check (it is architecture-independent,
# so it accepts wasm32); see nlohmann_jsonConfig.cmake for why this shim exists.
include(/usr/share/cmake/nlohmann_json/nlohmann_jsonConfigVersion.cmake OPTIONAL RESULT_VARIABLE _found)
if(NOT _found)
  set(PACKAGE_VERSION "0")
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
endif()
