// The devices a pallas_call runs on under jax.shard_map: the open mesh axes
// (core/ir/batching.h's device frames), outermost first, and how a device's
// logical id maps to its mesh coordinates (row-major, as JAX's TPU
// interpreter's device_coords_to_logical_id).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/pallas/pallas_call.h"

namespace rungs::pallas {

struct DeviceMesh {
  std::vector<std::string> names;
  std::vector<int64_t> sizes;

  int64_t count() const {
    int64_t n = 1;
    for (int64_t s : sizes) n *= s;
    return n;
  }
  std::vector<int64_t> coords(int64_t id) const {
    std::vector<int64_t> c(sizes.size());
    for (size_t i = sizes.size(); i-- > 0;) {
      c[i] = id % sizes[i];
      id /= sizes[i];
    }
    return c;
  }
  // Position of `name` among the axes, or -1.
  int axis(const std::string& name) const {
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return static_cast<int>(i);
    return -1;
  }
};

// Runs one call on every device of `mesh` (operands[d] are device d's);
// returns each device's outputs. Installed by core/rungs, as the executor.
using DeviceExecutor = std::function<std::vector<std::vector<Array>>(
    const PallasCall&, const std::vector<std::vector<Array>>& operands, const DeviceMesh& mesh,
    python::Interpreter& interp)>;
void set_device_executor(DeviceExecutor executor);
const DeviceExecutor& device_executor();

// The mesh of the shard_map being run (open device frames), empty outside one.
DeviceMesh current_device_mesh();

}  // namespace rungs::pallas
