#include "core/python/array_protocol.h"

namespace rungs::python {

namespace {
ArrayProtocol& installed() {
  static ArrayProtocol protocol;
  return protocol;
}
}  // namespace

void install_array_protocol(const ArrayProtocol& protocol) { installed() = protocol; }
const ArrayProtocol& array_protocol() { return installed(); }

}  // namespace rungs::python
